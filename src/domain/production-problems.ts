/**
 * What stops a deployment from going live (docs/decisions.md D24): settings that work on a
 * developer's machine but would mislead customers on a real site. One pure function, used by the
 * self-hosted server when NODE_ENV=production (it refuses to start) and by the hosted build's
 * predeploy step (it refuses to deploy), so both backends refuse the same things with the same
 * words. It reads plain strings, as an environment or a params file holds them, and returns
 * one line per problem, every problem at once: a deploy fixed one line at a time is a slow one.
 */

/** The number the build falls back to (src/config/env-schema.ts): nobody answers it. */
export const PLACEHOLDER_PHONE = '+201000000000';

/** The value PAYMENT_TEST_MODE takes to run a public site on the test provider on purpose. */
export const PAYMENT_TEST_MODE_ALLOWED = 'allowed';

/**
 * First-admin passwords anybody can read: the examples in .env.example and the README, and the
 * first ones a person tries. Lower-cased; the check folds case.
 */
export const KNOWN_ADMIN_PASSWORDS: ReadonlySet<string> = new Set([
  'change-me-2026',
  'changeme1',
  'changeme123',
  'password1',
  'password123',
  'admin123',
  'admin1234',
  'afsh2026',
  'afsh-admin-2026',
  'qwerty123',
  '12345678a',
]);

/**
 * Whether a first admin's password is one anybody could try: in KNOWN_ADMIN_PASSWORDS (case
 * folded), or containing the email's name (its part before the @, from four letters).
 */
export function isGuessableAdminPassword(password: string, email: string | undefined): boolean {
  const local = (email ?? '').trim().toLowerCase().split('@')[0] ?? '';
  const folded = password.toLowerCase();
  return KNOWN_ADMIN_PASSWORDS.has(folded) || (local.length >= 4 && folded.includes(local));
}

/**
 * The passwords a stored admin account's hash is tried against (D24): every known password as
 * listed and with a capital first letter. A hash only answers for a whole password, so case
 * cannot be folded and "contains the email's name" cannot be asked of it, as they are of
 * ADMIN_PASSWORD; these are the spellings an example is copied and a common one is typed in.
 */
export function knownAdminPasswordSpellings(): string[] {
  const spellings = new Set<string>();
  for (const password of KNOWN_ADMIN_PASSWORDS) {
    spellings.add(password);
    spellings.add(password.charAt(0).toUpperCase() + password.slice(1));
  }
  return [...spellings];
}

export type GoLiveBackend = 'server' | 'hosted';

export interface GoLiveInput {
  /** Settings by name (the server's environment; the hosted build's VITE_* and functions' params). */
  env: Readonly<Record<string, string | undefined>>;
  backend: GoLiveBackend;
  /**
   * The call and WhatsApp numbers the built pages link to (`tel:` and `wa.me/` in dist's
   * index.html), when a build was found: those, not the environment, are what customers get,
   * since the numbers are baked in when the SPA is built.
   */
  builtNumbers?: readonly string[];
  /**
   * Whether the built pages carry the test-mode banner (a hosted build bakes it in), when a
   * build was found: it must say test mode exactly when payments are a trial on purpose.
   */
  builtBanner?: boolean;
  /**
   * The emails of the admin accounts already stored whose password is one of
   * `knownAdminPasswordSpellings()` (the server tries each account's hash; the hosted build's
   * admins sign in with Firebase and have none here).
   */
  adminsWithKnownPasswords?: readonly string[];
}

const digitsOf = (value: string): string => value.replace(/[^0-9]/g, '');
const isPlaceholder = (value: string): boolean => digitsOf(value) === digitsOf(PLACEHOLDER_PHONE);
const set = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/** Hosts that only the machine itself (or nobody) reaches. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host === '0.0.0.0' ||
    host === '::' ||
    host === '::1' ||
    /^127\./.test(host)
  );
}

function siteUrlProblem(name: string, value: string | undefined): string | null {
  if (value === undefined) {
    return `${name}: is not set: links in messages, canonical links and Paymob's return address need the site's public address (e.g. https://afsh.example)`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name}: is not an address (got ${JSON.stringify(value)}): give the site's public https address`;
  }
  if (isLocalHost(url.hostname)) {
    return `${name}: points at this machine (${url.host}): give the site's public https address`;
  }
  if (url.protocol !== 'https:') {
    return `${name}: is not https (got ${JSON.stringify(value)}): customers' sessions and payments need https`;
  }
  return null;
}

/** Whether the payment settings take money in test mode (the test provider, or Paymob's test keys). */
export function paymentsInTestMode(
  env: Readonly<Record<string, string | undefined>>,
  backend: GoLiveBackend,
): boolean {
  // The server defaults to the test provider; the hosted functions to none (cash only).
  const providers = (set(env.PAYMENT_PROVIDER) ?? (backend === 'server' ? 'test' : 'none'))
    .split(',')
    .map((name) => name.trim().toLowerCase());
  if (providers.includes('test')) return true;
  if (!providers.includes('paymob')) return false;
  const keys = [env.PAYMOB_SECRET_KEY, env.PAYMOB_PUBLIC_KEY].map(set);
  return keys.some((key) => key !== undefined && /_test_/i.test(key));
}

/**
 * Whether every page says the site takes test payments (D24): payments in test mode, run so on
 * purpose (PAYMENT_TEST_MODE=allowed). Without `allowed` a production server refuses to start;
 * a development one keeps its small print on the payment screens only.
 */
export function announcesTestPayments(
  env: Readonly<Record<string, string | undefined>>,
  backend: GoLiveBackend,
): boolean {
  return (
    paymentsInTestMode(env, backend) &&
    set(env.PAYMENT_TEST_MODE)?.toLowerCase() === PAYMENT_TEST_MODE_ALLOWED
  );
}

/** One line per reason the deployment must not go live; empty when it may. */
export function productionProblems(input: GoLiveInput): string[] {
  const { env, backend } = input;
  const problems: string[] = [];

  // The company's numbers: every call and WhatsApp button on the site.
  for (const [name, fallback] of [
    ['VITE_PHONE_NUMBER', PLACEHOLDER_PHONE],
    ['VITE_WHATSAPP_NUMBER', digitsOf(PLACEHOLDER_PHONE)],
  ] as const) {
    const value = set(env[name]);
    // The server checks what the build baked in when it can read it (below).
    if (backend === 'server' && input.builtNumbers !== undefined) continue;
    if (value === undefined) {
      problems.push(
        `${name}: is not set: every ${name === 'VITE_PHONE_NUMBER' ? 'call' : 'WhatsApp'} button would go to the placeholder ${fallback}; set the company's number and build again`,
      );
    } else if (isPlaceholder(value)) {
      problems.push(
        `${name}: is the placeholder ${value}: set the company's number and build again`,
      );
    }
  }
  const builtPlaceholders = (input.builtNumbers ?? []).filter(isPlaceholder);
  if (builtPlaceholders.length > 0) {
    problems.push(
      `the built pages (dist/) call and message the placeholder ${PLACEHOLDER_PHONE}: set VITE_PHONE_NUMBER and VITE_WHATSAPP_NUMBER and run npm run build`,
    );
  }
  const companyWhatsapp = set(env.NOTIFY_COMPANY_WHATSAPP);
  if (companyWhatsapp !== undefined && isPlaceholder(companyWhatsapp)) {
    problems.push(
      `NOTIFY_COMPANY_WHATSAPP: is the placeholder ${companyWhatsapp}: new orders would be announced to nobody; set the team's number`,
    );
  }

  // The public address: the server's SITE_URL (or the build's), the hosted build's VITE_SITE_URL.
  if (backend === 'server') {
    const problem = siteUrlProblem('SITE_URL', set(env.SITE_URL) ?? set(env.VITE_SITE_URL));
    if (problem) problems.push(problem);
  } else {
    const problem = siteUrlProblem('VITE_SITE_URL', set(env.VITE_SITE_URL));
    if (problem) problems.push(problem);
  }

  // Payments that look real and are not.
  if (
    paymentsInTestMode(env, backend) &&
    set(env.PAYMENT_TEST_MODE)?.toLowerCase() !== PAYMENT_TEST_MODE_ALLOWED
  ) {
    problems.push(
      `PAYMENT_PROVIDER: takes payments in test mode (${set(env.PAYMENT_PROVIDER) ?? (backend === 'server' ? 'test, the default' : 'test')}): any card with a valid checksum "pays" and no money moves; use Paymob's live keys, or set PAYMENT_TEST_MODE=allowed to run in test mode on purpose (every page then says so)`,
    );
  }

  // The hosted build's pages carry the banner, or not, as the deployment's payments are.
  if (backend === 'hosted' && input.builtBanner !== undefined) {
    const wanted = announcesTestPayments(env, backend);
    if (wanted && !input.builtBanner) {
      problems.push(
        'the built pages (dist/) do not say that payments are a trial (PAYMENT_TEST_MODE=allowed): run npm run build:firebase again with the same settings',
      );
    } else if (!wanted && input.builtBanner) {
      problems.push(
        'the built pages (dist/) say that payments are a trial, and they are not: run npm run build:firebase again with the same settings',
      );
    }
  }

  // The first admin's password (server only: the hosted build's admins sign in with Firebase).
  const password = backend === 'server' ? env.ADMIN_PASSWORD : undefined;
  if (
    password !== undefined &&
    password !== '' &&
    isGuessableAdminPassword(password, env.ADMIN_EMAIL)
  ) {
    problems.push(
      'ADMIN_PASSWORD: is a known or guessable password (an example, or the email in it): choose another, or leave it unset to have one generated and printed once',
    );
  }
  // Admins created earlier (a first start with an example password, ADMIN_PASSWORD since
  // removed): ADMIN_PASSWORD no longer says anything about them, their stored hashes do.
  for (const email of backend === 'server' ? (input.adminsWithKnownPasswords ?? []) : []) {
    problems.push(
      `admin account ${email}: its password is a known one (an example from our docs, or a common one): change it with npm run admin:create -- --email ${email} (it asks for the new password on a terminal, or generates one and prints it once), then start again`,
    );
  }
  return problems;
}

/** The `tel:` and `wa.me/` numbers a built page links to. */
export function linkedNumbers(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/href="(?:tel:|https:\/\/wa\.me\/)(\+?[0-9]{6,15})/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}
