import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend } from '../../../testing/memory-adapter';
import authAr from '../../../../locales/ar/auth.json';
import authEn from '../../../../locales/en/auth.json';
import errorsAr from '../../../../locales/ar/errors.json';
import errorsEn from '../../../../locales/en/errors.json';
import validationAr from '../../../../locales/ar/validation.json';
import validationEn from '../../../../locales/en/validation.json';
import { LoginPage } from './login-page';
import { memoryCodes, verifyPhone } from '../../../testing/order-fixtures';

const bundles = {
  en: { auth: authEn, errors: errorsEn, validation: validationEn },
  ar: { auth: authAr, errors: errorsAr, validation: validationAr },
} as const;

async function withAccount() {
  const backend = new MemoryBackend();
  await backend.client().auth.signUp({ email: 'sara@example.com', password: 'goodpass123' });
  return backend;
}

function renderLogin(language: 'ar' | 'en', backend: MemoryBackend, state?: unknown) {
  const port = backend.client();
  return {
    port,
    ...renderWithProviders(<LoginPage />, {
      language,
      route: '/login',
      state,
      port,
      extraRoutes: [
        { path: '/', element: <p>home screen</p> },
        { path: '/my-orders', element: <p>orders screen</p> },
      ],
    }),
  };
}

async function login(
  user: ReturnType<typeof renderLogin>['user'],
  language: 'ar' | 'en',
  email: string,
  password: string,
) {
  const b = bundles[language].auth;
  await user.click(screen.getByRole('button', { name: b.phone.useEmail }));
  if (email) await user.type(screen.getByLabelText(b.fields.email), email);
  if (password) await user.type(screen.getByLabelText(b.fields.password), password);
  await user.click(screen.getByRole('button', { name: b.login.submit }));
}

describe('LoginPage by mobile number (D13)', () => {
  it.each(['en', 'ar'] as const)(
    '(%s) opens with the mobile number; email and password are one tap away',
    async (language) => {
      const b = bundles[language].auth;
      const { user } = renderLogin(language, new MemoryBackend());
      expect(screen.getByRole('heading', { level: 2, name: b.phone.title })).toBeInTheDocument();
      expect(screen.getByLabelText(b.phone.number)).toBeInTheDocument();
      expect(screen.queryByLabelText(b.fields.email)).toBeNull();
      await user.click(screen.getByRole('button', { name: b.phone.useEmail }));
      expect(screen.getByLabelText(b.fields.email)).toHaveFocus();
      expect(screen.getByRole('link', { name: b.login.signupLink })).toHaveAttribute(
        'href',
        '/signup',
      );
      await user.click(screen.getByRole('button', { name: b.phone.usePhone }));
      expect(screen.getByLabelText(b.phone.number)).toHaveFocus();
    },
  );

  it('signs in with a code and returns to the page that sent the visitor', async () => {
    const backend = new MemoryBackend();
    const { user, port } = renderLogin('ar', backend, { from: '/my-orders' });
    await user.type(screen.getByLabelText(authAr.phone.number), '٠١٠١٢٣٤٥٦٧٨');
    await user.click(screen.getByRole('button', { name: authAr.phone.send }));
    const code = await screen.findByLabelText(authAr.phone.code);
    await user.type(code, backend.phoneCodeFor('01012345678'));
    await user.click(screen.getByRole('button', { name: authAr.phone.verify }));
    expect(await screen.findByText('orders screen')).toBeInTheDocument();
    expect(await port.auth.current()).toMatchObject({ phone: '+201012345678', email: null });
  });

  it('signed in by number: the account is shown by its number, in the reader’s digits', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    await verifyPhone(port, memoryCodes(backend));
    renderWithProviders(<LoginPage />, { language: 'ar', route: '/login', port });
    expect(await screen.findByRole('heading', { level: 1, name: 'حسابك' })).toBeInTheDocument();
    const number = screen.getByText('٠١٠ ١٢٣٤ ٥٦٧٨');
    expect(number).toHaveClass('ltr-value');
    expect(number.parentElement).toHaveTextContent(`${authAr.signedIn.as} ٠١٠ ١٢٣٤ ٥٦٧٨`);
  });
});

describe('LoginPage', () => {
  it.each(['en', 'ar'] as const)('(%s) empty fields: says what is missing', async (language) => {
    const { user } = renderLogin(language, new MemoryBackend());
    await login(user, language, '', '');
    expect(screen.getByText(bundles[language].validation.email.required)).toBeInTheDocument();
    expect(screen.getByText(bundles[language].validation.password.required)).toBeInTheDocument();
  });

  it.each(['en', 'ar'] as const)(
    '(%s) wrong password: login failed, email or password incorrect',
    async (language) => {
      const { user } = renderLogin(language, await withAccount());
      await login(user, language, 'sara@example.com', 'wrongpass1');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(bundles[language].errors.auth.loginFailed);
      expect(alert).toHaveTextContent(bundles[language].errors.auth.invalidCredentials);
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
    },
  );

  it('focuses the first field with a problem and ties its message to it', async () => {
    const { user } = renderLogin('en', new MemoryBackend());
    await login(user, 'en', 'sara@example.com', '');
    const password = screen.getByLabelText(authEn.fields.password);
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(validationEn.password.required);
    const email = screen.getByLabelText(authEn.fields.email);
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAttribute('aria-describedby');
  });

  it('after a first attempt, a message goes as soon as the field is fixed', async () => {
    const { user } = renderLogin('en', new MemoryBackend());
    await login(user, 'en', '', '');
    expect(screen.getByText(validationEn.email.required)).toBeInTheDocument();
    await user.type(screen.getByLabelText(authEn.fields.email), 'sara@example.com');
    expect(screen.queryByText(validationEn.email.required)).not.toBeInTheDocument();
    expect(screen.getByText(validationEn.password.required)).toBeInTheDocument();
  });

  it('while signing in, the button says so and cannot be pressed again', async () => {
    const backend = await withAccount();
    const { user, port } = renderLogin('en', backend);
    const signIn = vi.spyOn(port.auth, 'signIn').mockReturnValue(new Promise(() => {}));
    await login(user, 'en', 'sara@example.com', 'goodpass123');
    const button = screen.getByRole('button', { name: authEn.login.submitting });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it('signs in and goes home', async () => {
    const { user } = renderLogin('en', await withAccount());
    await login(user, 'en', 'Sara@Example.com ', 'goodpass123');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
  });

  it('returns to the page that sent the visitor', async () => {
    const { user } = renderLogin('en', await withAccount(), { from: '/my-orders' });
    await login(user, 'en', 'sara@example.com', 'goodpass123');
    expect(await screen.findByText('orders screen')).toBeInTheDocument();
  });

  it('ignores a return address on another site', async () => {
    const { user } = renderLogin('en', await withAccount(), { from: '//evil.example/x' });
    await login(user, 'en', 'sara@example.com', 'goodpass123');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
  });

  it('signed in: shows who, and logging out brings the form back', async () => {
    const backend = await withAccount();
    const port = backend.client();
    await port.auth.signIn({ email: 'sara@example.com', password: 'goodpass123' });
    const { user } = renderWithProviders(<LoginPage />, { language: 'en', route: '/login', port });
    expect(await screen.findByText('sara@example.com')).toBeInTheDocument();
    // Already signed in, the page is about the account, not a login form.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(authEn.signedIn.title);
    await waitFor(() => expect(document.title).toBe(authEn.signedIn.metaTitle));
    await user.click(screen.getByRole('button', { name: authEn.signedIn.logout }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: authEn.phone.send })).toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(authEn.login.title);
    await waitFor(() => expect(document.title).toBe(authEn.login.metaTitle));
  });

  it('signed in (Arabic): titled "حسابك"', async () => {
    const backend = await withAccount();
    const port = backend.client();
    await port.auth.signIn({ email: 'sara@example.com', password: 'goodpass123' });
    renderWithProviders(<LoginPage />, { language: 'ar', route: '/login', port });
    expect(await screen.findByText('sara@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'حسابك' })).toBeInTheDocument();
  });
});
