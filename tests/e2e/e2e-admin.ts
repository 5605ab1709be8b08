/** The admin account the e2e server creates on first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@afsh.example', password: 'E2e-admin-pass-2026' } as const;
