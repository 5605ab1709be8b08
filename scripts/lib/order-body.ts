import { orderBody } from '../../tests/api/order-fixtures.ts';

/**
 * A valid POST /api/orders body, for driving the real server from outside (the HTTP bench, the
 * crash test): the API tests' own fixture, cash on delivery a week ahead, priced as the server
 * prices it, so every request is a real order creation.
 */
export function validOrderBody(): Record<string, unknown> {
  return orderBody();
}

/** Signs in anonymously and returns the `afsh_session=…` cookie pair to send back. */
export async function anonymousSessionCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/anonymous`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  if (!res.ok) {
    throw new Error(`POST /api/auth/anonymous answered ${res.status}: ${await res.text()}`);
  }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith('afsh_session='));
  if (!cookie) throw new Error('POST /api/auth/anonymous set no session cookie');
  return cookie;
}
