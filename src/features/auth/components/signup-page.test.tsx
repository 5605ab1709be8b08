import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend } from '../../../testing/memory-adapter';
import authAr from '../../../../locales/ar/auth.json';
import authEn from '../../../../locales/en/auth.json';
import errorsAr from '../../../../locales/ar/errors.json';
import errorsEn from '../../../../locales/en/errors.json';
import validationAr from '../../../../locales/ar/validation.json';
import validationEn from '../../../../locales/en/validation.json';
import { SIGNUP_REDIRECT_DELAY_MS, SignupPage } from './signup-page';

const bundles = {
  en: { auth: authEn, errors: errorsEn, validation: validationEn },
  ar: { auth: authAr, errors: errorsAr, validation: validationAr },
} as const;

function renderSignup(language: 'ar' | 'en' = 'en', backend = new MemoryBackend()) {
  const port = backend.client();
  const result = renderWithProviders(<SignupPage />, {
    language,
    route: '/signup',
    port,
    extraRoutes: [
      { path: '/', element: <p>home screen</p> },
      { path: '/admin-orders', element: <p>admin screen</p> },
    ],
  });
  return { ...result, backend, port };
}

async function fill(
  user: ReturnType<typeof renderSignup>['user'],
  language: 'ar' | 'en',
  email: string,
  password: string,
  confirm: string,
) {
  const b = bundles[language].auth;
  if (email) await user.type(screen.getByLabelText(b.fields.email), email);
  if (password) await user.type(screen.getByLabelText(b.fields.password), password);
  if (confirm) await user.type(screen.getByLabelText(b.fields.confirmPassword), confirm);
  await user.click(screen.getByRole('button', { name: b.signup.submit }));
}

describe('SignupPage', () => {
  it.each(['en', 'ar'] as const)(
    '(%s) says the earlier orders are kept and links to login',
    (language) => {
      renderSignup(language);
      const b = bundles[language].auth;
      expect(screen.getByRole('heading', { level: 1, name: b.signup.title })).toBeInTheDocument();
      expect(screen.getByText(b.signup.ordersKept)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: b.signup.loginLink })).toHaveAttribute(
        'href',
        '/login',
      );
      expect(screen.getByText(b.strength.tips.length)).toBeInTheDocument();
      expect(screen.getByText(b.strength.tips.mix)).toBeInTheDocument();
    },
  );

  it.each(['en', 'ar'] as const)(
    '(%s) empty form: every field says what is missing',
    async (language) => {
      const { user } = renderSignup(language);
      await fill(user, language, '', '', '');
      const v = bundles[language].validation;
      expect(screen.getByText(v.email.required)).toBeInTheDocument();
      expect(screen.getByText(v.password.required)).toBeInTheDocument();
      expect(screen.getByText(v.password.confirmRequired)).toBeInTheDocument();
      expect(screen.getByLabelText(bundles[language].auth.fields.email)).toHaveFocus();
      expect(screen.getByLabelText(bundles[language].auth.fields.email)).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    },
  );

  it.each(['en', 'ar'] as const)(
    '(%s) rejects a weak password and sends nothing',
    async (language) => {
      const { user, backend } = renderSignup(language);
      await fill(user, language, 'sara@example.com', 'abcdefgh', 'abcdefgh');
      expect(screen.getByText(bundles[language].validation.password.weak)).toBeInTheDocument();
      expect(backend.users.size).toBe(0);
    },
  );

  it('shows the live strength and ticks the tips', async () => {
    const { user } = renderSignup('en');
    const field = screen.getByLabelText(authEn.fields.password);
    await user.type(field, 'abc');
    expect(screen.getByText(authEn.strength.weak)).toBeInTheDocument();
    await user.type(field, 'defgh');
    expect(screen.getByText(authEn.strength.fair)).toBeInTheDocument();
    await user.type(field, '1');
    expect(screen.getByText(authEn.strength.strong)).toBeInTheDocument();
    expect(screen.getAllByText(authEn.strength.met)).toHaveLength(2);
  });

  it.each(['en', 'ar'] as const)(
    '(%s) says when the confirmation does not match',
    async (language) => {
      const { user, backend } = renderSignup(language);
      await fill(user, language, 'sara@example.com', 'goodpass123', 'goodpass124');
      expect(screen.getByText(bundles[language].validation.password.mismatch)).toBeInTheDocument();
      expect(backend.users.size).toBe(0);
    },
  );

  it('toggles the password visibility', async () => {
    const { user } = renderSignup('en');
    const field = screen.getByLabelText(authEn.fields.password);
    expect(field).toHaveAttribute('type', 'password');
    const [toggle] = screen.getAllByRole('button', { name: /^Show/ });
    await user.click(toggle!);
    expect(field).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it.each(['en', 'ar'] as const)(
    '(%s) an email already taken: sign-up failed + the reason',
    async (language) => {
      const backend = new MemoryBackend();
      await backend.client().auth.signUp({ email: 'taken@example.com', password: 'goodpass123' });
      const { user } = renderSignup(language, backend);
      await fill(user, language, 'taken@example.com', 'goodpass123', 'goodpass123');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(bundles[language].errors.auth.signupFailed);
      expect(alert).toHaveTextContent(bundles[language].errors.auth.emailTaken);
    },
  );

  it('creates the account, keeps the visitor’s earlier order and goes home', async () => {
    const backend = new MemoryBackend();
    const { user, port } = renderSignup('en', backend);
    const visitor = await port.auth.ensureSession();
    await fill(user, 'en', 'sara@example.com', 'goodpass123', 'goodpass123');
    expect(await screen.findByText(authEn.signup.success)).toBeInTheDocument();
    const account = [...backend.users.values()].find((u) => u.email === 'sara@example.com');
    expect(account?.id).toBe(visitor.id);
    expect(account?.anonymous).toBe(false);
    expect(
      await screen.findByText('home screen', {}, { timeout: SIGNUP_REDIRECT_DELAY_MS + 1000 }),
    ).toBeInTheDocument();
  });

  it('clears the stale client-side admin flag', async () => {
    localStorage.setItem('isAdmin', 'true');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderSignup('en');
      await fill(user, 'en', 'sara@example.com', 'goodpass123', 'goodpass123');
      await screen.findByText(authEn.signup.success);
      expect(localStorage.getItem('isAdmin')).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(SIGNUP_REDIRECT_DELAY_MS);
      });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('someone already signed in sees who they are instead of the form', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    await port.auth.signUp({ email: 'sara@example.com', password: 'goodpass123' });
    renderWithProviders(<SignupPage />, { language: 'en', route: '/signup', port });
    expect(await screen.findByText('sara@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: authEn.signedIn.logout })).toBeInTheDocument();
  });
});
