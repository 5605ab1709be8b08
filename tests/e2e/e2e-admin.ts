import type { Page } from 'playwright-core';

/** The admin account the e2e server creates on first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@afsh.example', password: 'E2e-admin-pass-2026' } as const;

/** Signs `page`, on the English admin sign-in page, in as the e2e admin. */
export async function signInAdmin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders management' }).waitFor();
}
