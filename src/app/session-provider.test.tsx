import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpDataPort } from '../data/http/http-adapter';
import type { DataPort } from '../data/port';
import { MemoryBackend } from '../testing/memory-adapter';
import { renderWithProviders } from '../testing/render';
import { Header } from './layout/header';
import { SessionProvider } from '../data/react/session-provider';
import { useSession } from '../data/react/session-context';

const PASSWORD = 'Moving-day-2026';

function SessionProbe() {
  const { user, ready } = useSession();
  return (
    <output data-testid="session">{`${ready ? 'ready' : 'loading'}:${user?.email ?? 'nobody'}`}</output>
  );
}

function renderSession(port: DataPort) {
  return renderWithProviders(
    <SessionProvider port={port}>
      <Header />
      <SessionProbe />
    </SessionProvider>,
    { language: 'en', route: '/about' },
  );
}

const logIn = () => screen.queryAllByRole('link', { name: 'Log in' });
const logOut = () => screen.queryAllByRole('button', { name: 'Log out' });

describe('SessionProvider', () => {
  it('follows the backend: Logout after signIn, Login after signOut', async () => {
    const backend = new MemoryBackend();
    const account = backend.client();
    await account.auth.signUp({ email: 'mona@example.com', password: PASSWORD });
    await account.auth.signOut();

    const port = backend.client();
    const { user } = renderSession(port);
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ready:nobody'));
    expect(logIn().length).toBeGreaterThan(0);
    expect(logOut()).toHaveLength(0);

    await act(() => port.auth.signIn({ email: 'mona@example.com', password: PASSWORD }));
    await waitFor(() => expect(logOut().length).toBeGreaterThan(0));
    expect(logIn()).toHaveLength(0);
    expect(screen.queryAllByRole('link', { name: 'Orders panel' })).toHaveLength(0);

    await user.click(logOut()[0]!);
    await waitFor(() => expect(logIn().length).toBeGreaterThan(0));
    expect(await port.auth.current()).toBeNull();
    // The header goes home after signing out; the session's listeners may hear the sign-out
    // first, so the address is waited for, not read at once.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('an anonymous visitor still sees Login; an admin sees the orders panel', async () => {
    const backend = new MemoryBackend();
    backend.createAdmin('ops@example.com', PASSWORD);
    const port = backend.client();
    await port.auth.ensureSession();
    renderSession(port);
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ready:nobody'));
    expect(logIn().length).toBeGreaterThan(0);

    await act(() => port.auth.signIn({ email: 'ops@example.com', password: PASSWORD }));
    await waitFor(() =>
      expect(screen.queryAllByRole('link', { name: 'Orders panel' }).length).toBeGreaterThan(0),
    );
  });

  it('a backend that cannot be reached leaves the visitor signed out, without crashing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const port = new HttpDataPort({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      EventSource: undefined,
    });
    renderSession(port);
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ready:nobody'));
    expect(logIn().length).toBeGreaterThan(0);
    error.mockRestore();
  });

  it('a failing sign-out is reported, not thrown at the header', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const backend = new MemoryBackend();
    const port = backend.client();
    await port.auth.signUp({ email: 'sara@example.com', password: PASSWORD });
    vi.spyOn(port.auth, 'signOut').mockRejectedValue(new Error('offline'));
    const { user } = renderSession(port);
    await waitFor(() => expect(logOut().length).toBeGreaterThan(0));
    await user.click(logOut()[0]!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Sign-out failed', expect.any(Error)));
    // Still signed in, as the backend says.
    expect(screen.getByTestId('session')).toHaveTextContent('ready:sara@example.com');
    error.mockRestore();
  });
});
