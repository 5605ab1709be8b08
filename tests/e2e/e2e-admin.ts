import type { Page } from 'playwright-core';
import type { CapacityDraft } from '../../src/domain/capacity.ts';

/** The admin account the e2e server creates on first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@afsh.example', password: 'E2e-admin-pass-2026' } as const;

/** Signs `page`, on the English admin sign-in page, in as the e2e admin. */
export async function signInAdmin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders management' }).waitFor();
}

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
