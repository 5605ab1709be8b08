import { describe, expect, it } from 'vitest';
import {
  announcesTestPayments,
  isGuessableAdminPassword,
  KNOWN_ADMIN_PASSWORDS,
  knownAdminPasswordSpellings,
  linkedNumbers,
  paymentsInTestMode,
  productionProblems,
  type GoLiveInput,
} from './production-problems';

/** A server deployment that may go live; each test breaks one thing. */
const LIVE: Record<string, string> = {
  VITE_PHONE_NUMBER: '+201234567890',
  VITE_WHATSAPP_NUMBER: '201234567890',
  SITE_URL: 'https://afsh.example',
  PAYMENT_PROVIDER: 'paymob',
  PAYMOB_SECRET_KEY: 'egy_sk_live_abc',
  PAYMOB_PUBLIC_KEY: 'egy_pk_live_abc',
  ADMIN_EMAIL: 'owner@afsh.example',
  ADMIN_PASSWORD: 'Tall-Nile-Crane-41',
};

const server = (env: Record<string, string | undefined>, more: Partial<GoLiveInput> = {}) =>
  productionProblems({ env, backend: 'server', ...more });

describe('productionProblems (D24)', () => {
  it('lets a deployment with real settings go live', () => {
    expect(server(LIVE)).toEqual([]);
    expect(server(LIVE, { builtNumbers: ['+201234567890', '201234567890'] })).toEqual([]);
  });

  it('refuses the placeholder phone and WhatsApp numbers, set or left to their default', () => {
    const placeholder = server({
      ...LIVE,
      VITE_PHONE_NUMBER: '+201000000000',
      VITE_WHATSAPP_NUMBER: undefined,
    });
    expect(placeholder).toHaveLength(2);
    expect(placeholder[0]).toMatch(/^VITE_PHONE_NUMBER: is the placeholder \+201000000000/);
    expect(placeholder[1]).toMatch(/^VITE_WHATSAPP_NUMBER: is not set/);
  });

  it('reads the numbers the build baked in when there is a build, not the environment', () => {
    const built = server(
      { ...LIVE, VITE_PHONE_NUMBER: undefined, VITE_WHATSAPP_NUMBER: undefined },
      { builtNumbers: ['+201000000000', '201000000000'] },
    );
    expect(built).toEqual([expect.stringMatching(/^the built pages \(dist\/\) call and message/)]);
    // The hosted build bakes what its environment says, so that is what is read.
    expect(
      productionProblems({
        env: { ...LIVE, VITE_SITE_URL: LIVE.SITE_URL, VITE_PHONE_NUMBER: '201000000000' },
        backend: 'hosted',
      }),
    ).toEqual([expect.stringMatching(/^VITE_PHONE_NUMBER: is the placeholder/)]);
  });

  it("refuses the team's placeholder WhatsApp number for new orders", () => {
    expect(server({ ...LIVE, NOTIFY_COMPANY_WHATSAPP: '+20 100 000 0000' })).toEqual([
      expect.stringMatching(/^NOTIFY_COMPANY_WHATSAPP: is the placeholder/),
    ]);
  });

  it.each([
    [undefined, /^SITE_URL: is not set/],
    ['http://localhost:8080', /^SITE_URL: points at this machine/],
    ['https://127.0.0.1', /^SITE_URL: points at this machine/],
    ['https://[::1]:8443', /^SITE_URL: points at this machine/],
    ['http://afsh.example', /^SITE_URL: is not https/],
    ['afsh.example', /^SITE_URL: is not an address/],
  ])('refuses the site address %s', (value, message) => {
    expect(server({ ...LIVE, SITE_URL: value })).toEqual([expect.stringMatching(message)]);
  });

  it("falls back to the build's VITE_SITE_URL, as the server's settings do", () => {
    expect(server({ ...LIVE, SITE_URL: '', VITE_SITE_URL: 'https://afsh.example' })).toEqual([]);
  });

  it('refuses test-mode payments unless PAYMENT_TEST_MODE=allowed', () => {
    const testProvider = { ...LIVE, PAYMENT_PROVIDER: undefined };
    expect(server(testProvider)).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: takes payments in test mode \(test, the default\)/),
    ]);
    const paymobTest = {
      ...LIVE,
      PAYMOB_SECRET_KEY: 'egy_sk_test_1',
      PAYMOB_PUBLIC_KEY: 'egy_pk_test_1',
    };
    expect(server(paymobTest)).toHaveLength(1);
    expect(server({ ...paymobTest, PAYMENT_TEST_MODE: 'allowed' })).toEqual([]);
    expect(server({ ...testProvider, PAYMENT_TEST_MODE: 'Allowed' })).toEqual([]);
    expect(server({ ...testProvider, PAYMENT_TEST_MODE: 'yes' })).toHaveLength(1);
    expect(server({ ...LIVE, PAYMENT_PROVIDER: 'paymob,test' })).toHaveLength(1);
  });

  it('announces test payments on every page only when they are a trial on purpose', () => {
    expect(announcesTestPayments({ PAYMENT_TEST_MODE: 'allowed' }, 'server')).toBe(true);
    expect(announcesTestPayments({}, 'server')).toBe(false);
    expect(announcesTestPayments({ ...LIVE, PAYMENT_TEST_MODE: 'allowed' }, 'server')).toBe(false);
    expect(
      announcesTestPayments(
        { ...LIVE, PAYMOB_SECRET_KEY: 'egy_sk_test_1', PAYMENT_TEST_MODE: 'allowed' },
        'server',
      ),
    ).toBe(true);
    expect(announcesTestPayments({ PAYMENT_TEST_MODE: 'allowed' }, 'hosted')).toBe(false);
    expect(
      announcesTestPayments({ PAYMENT_PROVIDER: 'test', PAYMENT_TEST_MODE: 'allowed' }, 'hosted'),
    ).toBe(true);
  });

  it("refuses a hosted build whose pages' banner says otherwise than its payments", () => {
    const hosted = (env: Record<string, string | undefined>, builtBanner?: boolean) =>
      productionProblems({
        env: { ...LIVE, VITE_SITE_URL: 'https://afsh.example', ...env },
        backend: 'hosted',
        ...(builtBanner === undefined ? {} : { builtBanner }),
      });
    const trial = { PAYMENT_PROVIDER: 'test', PAYMENT_TEST_MODE: 'allowed' };
    expect(hosted(trial, true)).toEqual([]);
    expect(hosted(trial, false)).toEqual([
      expect.stringMatching(/do not say that payments are a trial/),
    ]);
    expect(hosted({}, false)).toEqual([]);
    expect(hosted({}, true)).toEqual([
      expect.stringMatching(/say that payments are a trial, and they are not/),
    ]);
    // No build found: nothing to compare.
    expect(hosted(trial)).toEqual([]);
  });

  it("reads the hosted functions' default (none: cash only) and their public key", () => {
    expect(paymentsInTestMode({}, 'hosted')).toBe(false);
    expect(paymentsInTestMode({}, 'server')).toBe(true);
    expect(
      paymentsInTestMode(
        { PAYMENT_PROVIDER: 'paymob', PAYMOB_PUBLIC_KEY: 'egy_pk_test_x' },
        'hosted',
      ),
    ).toBe(true);
  });

  it.each(['change-me-2026', 'Password123', 'owner-Secret-9'])(
    'refuses the known or guessable admin password %s',
    (password) => {
      expect(server({ ...LIVE, ADMIN_PASSWORD: password })).toEqual([
        expect.stringMatching(/^ADMIN_PASSWORD: is a known or guessable password/),
      ]);
    },
  );

  it('accepts a generated admin password (none set) and ignores admins on the hosted build', () => {
    expect(server({ ...LIVE, ADMIN_PASSWORD: undefined })).toEqual([]);
    expect(
      productionProblems({
        env: { ...LIVE, VITE_SITE_URL: LIVE.SITE_URL, ADMIN_PASSWORD: 'change-me-2026' },
        backend: 'hosted',
      }),
    ).toEqual([]);
  });

  it('names each stored admin account with a known password, and how to change it', () => {
    const problems = server(
      { ...LIVE, ADMIN_PASSWORD: undefined },
      { adminsWithKnownPasswords: ['admin@example.com', 'office@afsh.example'] },
    );
    expect(problems).toEqual([
      expect.stringMatching(/^admin account admin@example\.com: its password is a known one/),
      expect.stringMatching(/^admin account office@afsh\.example: its password is a known one/),
    ]);
    expect(problems[0]).toContain('npm run admin:create -- --email admin@example.com');
    expect(problems[1]).toContain('npm run admin:create -- --email office@afsh.example');
    expect(server(LIVE, { adminsWithKnownPasswords: [] })).toEqual([]);
    // The hosted build's admins are Firebase accounts: nothing of the server's is asked there.
    expect(
      productionProblems({
        env: { ...LIVE, VITE_SITE_URL: LIVE.SITE_URL },
        backend: 'hosted',
        adminsWithKnownPasswords: ['admin@example.com'],
      }),
    ).toEqual([]);
  });

  it('tries stored hashes with each known password as listed and with a capital', () => {
    const spellings = knownAdminPasswordSpellings();
    for (const password of KNOWN_ADMIN_PASSWORDS) {
      expect(spellings).toContain(password);
      expect(spellings).toContain(password.charAt(0).toUpperCase() + password.slice(1));
    }
    expect(spellings).toContain('Password123');
    // Ones that begin with a digit have only one spelling: each is tried once.
    expect(new Set(spellings).size).toBe(spellings.length);
    expect(spellings.length).toBeLessThan(KNOWN_ADMIN_PASSWORDS.size * 2);
  });

  it.each([
    ['change-me-2026', 'admin@example.com', true],
    ['CHANGE-ME-2026', undefined, true],
    ['nile-owner-44', 'owner@afsh.example', true],
    // Three letters of a name are too few to call the password guessable by it.
    ['bob-crane-44', 'bob@afsh.example', false],
    ['Tall-Nile-Crane-41', 'owner@afsh.example', false],
  ])('calls %s (for %s) guessable: %s', (password, email, guessable) => {
    expect(isGuessableAdminPassword(password, email)).toBe(guessable);
  });

  it('names every problem at once, one line each', () => {
    const all = server(
      { ADMIN_PASSWORD: 'change-me-2026' },
      { builtNumbers: ['+201000000000'], adminsWithKnownPasswords: ['old@afsh.example'] },
    );
    expect(all.map((line) => line.split(':')[0])).toEqual([
      'the built pages (dist/) call and message the placeholder +201000000000',
      'SITE_URL',
      'PAYMENT_PROVIDER',
      'ADMIN_PASSWORD',
      'admin account old@afsh.example',
    ]);
    expect(all.every((line) => !line.includes('\n'))).toBe(true);
  });

  it("finds the numbers a built page's links call", () => {
    const html =
      '<a href="tel:+201000000000">x</a><a href="https://wa.me/201000000000" rel="noopener">y</a>' +
      '<a href="tel:+201000000000">again</a><a href="/prices">z</a>';
    expect(linkedNumbers(html)).toEqual(['+201000000000', '201000000000']);
  });
});
