import { expect } from 'vitest';
import type { CapacityDraft } from '../../src/domain/capacity.ts';
import { visitorUrl, type Visitor } from './phone-codes.ts';

/** The admin account the e2e server creates on first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@afsh.example', password: 'E2e-admin-pass-2026' } as const;

/** The e2e admin's session cookie on the server at `baseUrl`, through the real sign-in. */
export async function adminCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!res.ok) throw new Error(`e2e: the admin sign-in answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith('afsh_session='));
  if (!cookie) throw new Error('e2e: the admin sign-in set no session cookie');
  return cookie;
}

/** Saves the crews plan as the admin would (D12). */
export async function saveCrewsPlan(baseUrl: string, plan: CapacityDraft): Promise<void> {
  const res = await fetch(`${baseUrl}/api/capacity`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: await adminCookie(baseUrl) },
    body: JSON.stringify(plan),
  });
  if (!res.ok)
    throw new Error(`e2e: saving the crews plan answered ${res.status}: ${await res.text()}`);
}

/**
 * Gives the visitor's browser the e2e admin's session through the sign-in API, before it opens a
 * page: the sign-in screen itself is admin.e2e.ts's.
 */
export async function adminSession(visitor: Visitor): Promise<void> {
  const response = await visitor.request.post(visitorUrl(visitor, '/api/auth/login'), {
    headers: { 'content-type': 'application/json' },
    data: E2E_ADMIN,
  });
  expect(response.status(), await response.text()).toBe(200);
}
