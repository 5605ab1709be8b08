import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend } from '../../../testing/memory-adapter';
import adminEn from '../../../../locales/en/admin.json';
import errorsEn from '../../../../locales/en/errors.json';
import adminAr from '../../../../locales/ar/admin.json';
import errorsAr from '../../../../locales/ar/errors.json';
import validationEn from '../../../../locales/en/validation.json';
import { AdminLoginPage } from './admin-login-page';

const ADMIN = { email: 'boss@afsh.example', password: 'Admin-pass-2026' };

function setup(language: 'ar' | 'en' = 'en', state?: unknown) {
  const backend = new MemoryBackend();
  backend.createAdmin(ADMIN.email, ADMIN.password);
  const port = backend.client();
  const rendered = renderWithProviders(<AdminLoginPage />, {
    language,
    route: '/admin-login',
    state,
    port,
    extraRoutes: [
      { path: '/admin-orders', element: <p>orders panel</p> },
      { path: '/track/:id', element: <p>tracker</p> },
    ],
  });
  return { backend, port, ...rendered };
}

async function signIn(
  user: ReturnType<typeof setup>['user'],
  email: string,
  password: string,
  b = adminEn,
) {
  if (email) await user.type(screen.getByLabelText(b.login.email), email);
  if (password) await user.type(screen.getByLabelText(b.login.password), password);
  await user.click(screen.getByRole('button', { name: b.login.submit }));
}

describe('AdminLoginPage', () => {
  it('an admin account goes to /admin-orders', async () => {
    const { user } = setup();
    await signIn(user, ADMIN.email, ADMIN.password);
    expect(await screen.findByText('orders panel')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-orders');
  });

  it('returns to the page in navigation state, but only a path on this site', async () => {
    const first = setup('en', { from: '/track/AF-20260105-123' });
    await signIn(first.user, ADMIN.email, ADMIN.password);
    expect(await screen.findByText('tracker')).toBeInTheDocument();
    first.unmount();

    const second = setup('en', { from: '//evil.example/admin-orders' });
    await signIn(second.user, ADMIN.email, ADMIN.password);
    expect(await screen.findByText('orders panel')).toBeInTheDocument();
  });

  it('a wrong password shows "Login failed" and "Email or password incorrect"', async () => {
    const { user } = setup();
    await signIn(user, ADMIN.email, 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(errorsEn.auth.loginFailed);
    expect(alert).toHaveTextContent(errorsEn.auth.invalidCredentials);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-login');
  });

  it('a customer account fails the same way and is signed out again', async () => {
    const { backend, port, user } = setup('ar');
    await backend.client().auth.signUp({ email: 'sara@example.com', password: 'goodpass123' });
    await signIn(user, 'sara@example.com', 'goodpass123', adminAr);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(errorsAr.auth.loginFailed);
    expect(alert).toHaveTextContent(errorsAr.auth.invalidCredentials);
    expect(await port.auth.current()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-login');
  });

  it('empty fields say what is missing and ask nothing of the backend', async () => {
    const { user, port } = setup();
    await signIn(user, '', '');
    expect(screen.getByText(validationEn.email.required)).toBeInTheDocument();
    expect(screen.getByText(validationEn.password.required)).toBeInTheDocument();
    expect(await port.auth.current()).toBeNull();
  });
});
