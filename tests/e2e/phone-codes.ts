import type { BrowserContext, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { normalizeEgyptianMobile, toE164Egyptian } from '../../src/domain/phone';
import { maskAddress } from '../../server/src/notifications/providers/provider';
import authAr from '../../locales/ar/auth.json';
import authEn from '../../locales/en/auth.json';
import { baseUrl } from './harness';

// Sign-in codes in e2e specs (D13). A spec file's server (server.ts: ownServer) has no message
// provider: it prints each code in its log (`"phoneCode":{"challengeId":…,"to":"+2010••••5678",
// "code":"123456"}`), where a spec reads it, as an operator running `npm start` would. A spec that
// starts a server some other way says where its codes go (useCodeSource).

/** A code a server sent or printed: for which challenge, to which (masked) number, when. */
export interface PrintedCode {
  /** Unknown when a provider carried it (the message names no challenge): then the number. */
  challengeId?: string;
  /** As the log writes it: masked (maskAddress of the E.164 number). */
  to: string;
  code: string;
  /** When it was printed (ms since the epoch). */
  time: number;
}

/** Where a server's codes can be read, as they are now. */
export type CodeSource = () => PrintedCode[];

/** The codes in a server's log output (pino JSON lines). */
export function codesInLog(output: string): PrintedCode[] {
  const codes: PrintedCode[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"phoneCode"')) continue;
    try {
      const entry = JSON.parse(line) as {
        time?: number;
        phoneCode?: { challengeId?: string; to?: string; code?: string };
      };
      const { challengeId, to, code } = entry.phoneCode ?? {};
      if (challengeId && to && code) codes.push({ challengeId, to, code, time: entry.time ?? 0 });
    } catch {
      // A line cut in two by the pipe: the next read has it whole.
    }
  }
  return codes;
}

const sources = new Map<string, CodeSource>();

/** A server's codes come from `source` (its output, or a fake provider). */
export function useCodeSource(serverUrl: string, source: CodeSource): void {
  sources.set(new URL(serverUrl).origin, source);
}

/** The server has stopped: a later server on the same port has codes of its own. */
export function forgetCodeSource(serverUrl: string): void {
  sources.delete(new URL(serverUrl).origin);
}

function sourceFor(origin: string | undefined): CodeSource {
  const own = origin ? sources.get(origin) : sources.size === 1 ? [...sources.values()][0] : null;
  if (own) return own;
  throw new Error(
    `e2e: no code source for ${origin ?? 'this spec'}: call useCodeSource(server.url, …) or ownServer()`,
  );
}

const isPhone = (value: string) => normalizeEgyptianMobile(value) !== null;

/**
 * The code sent for a challenge (its id, or the answer that asked for it), or the newest sent to
 * a mobile number (any form, at or after `since`), once the server has printed or sent it: it
 * waits for that line, not for a time.
 */
export async function phoneCodeFor(
  challengeOrPhone: string | { challengeId: string; phone: string },
  {
    origin,
    since = 0,
    timeoutMs = 10_000,
  }: { origin?: string; since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const source = sourceFor(origin);
  const asked = typeof challengeOrPhone === 'string' ? null : challengeOrPhone;
  const text = typeof challengeOrPhone === 'string' ? challengeOrPhone : null;
  const id = asked?.challengeId ?? (text !== null && !isPhone(text) ? text : null);
  const phone = asked?.phone ?? (text !== null && isPhone(text) ? text : null);
  const mask = phone === null ? null : maskAddress(toE164Egyptian(phone)!);
  // A provider's message names no challenge: the number it went to says whose it is.
  const wanted = (code: PrintedCode) =>
    id !== null && code.challengeId !== undefined
      ? code.challengeId === id
      : code.to === mask && code.time >= since;
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = source().findLast(wanted)?.code;
        return found;
      },
      { timeout: timeoutMs, interval: 50 },
    )
    .toMatch(/^\d{6}$/);
  return found!;
}

let phoneSequence = 0;

/**
 * A mobile number no other customer of this run uses. Each number may be sent 5 codes an hour
 * (D13), and many specs book: a customer of their own each keeps them apart.
 */
export function uniquePhone(): string {
  phoneSequence += 1;
  const random = Math.floor(Math.random() * 100_000);
  return `015${String(random).padStart(5, '0')}${String(phoneSequence % 1000).padStart(3, '0')}`;
}

export const toArabicDigits = (s: string) =>
  s.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] as string);

const json = { 'content-type': 'application/json' };

/**
 * Who calls the API as a visitor: a page (its context's cookies, at the page's server), or a
 * context with no page at all (harness.ts: newVisitor) at the spec file's server.
 */
export type Visitor = Page | BrowserContext;

/** `path` on the visitor's server. */
export function visitorUrl(visitor: Visitor, path: string): string {
  return new URL(path, 'url' in visitor ? visitor.url() : baseUrl()).toString();
}

/** The mobile number the visitor's session proved (E.164), or null. */
export async function provedPhone(visitor: Visitor): Promise<string | null> {
  const response = await visitor.request.get(visitorUrl(visitor, '/api/auth/me'));
  if (!response.ok()) return null;
  const { user } = (await response.json()) as { user: { phone?: string | null } | null };
  return user?.phone ?? null;
}

/**
 * Proves `phone` for the visitor through the API, as the sign-in screens do: asks for a code,
 * reads it where the server sent it, sends it back. The visitor's session is then the number's
 * customer's (its cookies are the context's).
 */
export async function provePhoneViaApi(visitor: Visitor, phone: string): Promise<void> {
  const asked = await visitor.request.post(visitorUrl(visitor, '/api/auth/phone/code'), {
    headers: json,
    data: { phone, language: 'ar' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { challenge } = (await asked.json()) as {
    challenge: { challengeId: string; phone: string };
  };
  const code = await phoneCodeFor(challenge, {
    origin: new URL(visitorUrl(visitor, '/')).origin,
  });
  const verified = await visitor.request.post(visitorUrl(visitor, '/api/auth/phone/verify'), {
    headers: json,
    data: { challengeId: challenge.challengeId, code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

const isCodeRequest = (response: Response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === '/api/auth/phone/code';

/**
 * The booking's details step, from its Next (`next` presses it): when the session has not
 * proved the number, the code step opens over the form; the code the server printed is typed
 * there (in Arabic-Indic digits on an Arabic page, as an Egyptian keyboard types them) and
 * confirmed. Resolves once the flow has gone on to the next step.
 */
export async function verifyPhoneInFlow(page: Page, next: () => Promise<void>): Promise<void> {
  const origin = new URL(page.url()).origin;
  const asked = page.waitForResponse(isCodeRequest, { timeout: 20_000 });
  asked.catch(() => undefined);
  await next();
  const dialog = page.getByRole('dialog');
  const left = page.waitForURL((url) => !url.pathname.endsWith('/customer-info'));
  const opened = await Promise.race([dialog.waitFor().then(() => true), left.then(() => false)]);
  if (!opened) return;

  const answer = await asked;
  expect(answer.status(), await answer.text()).toBe(200);
  const { challenge } = (await answer.json()) as {
    challenge: { challengeId: string; phone: string };
  };
  const code = await phoneCodeFor(challenge, { origin });
  const arabic = (await page.evaluate(() => document.documentElement.lang)) === 'ar';
  const strings = arabic ? authAr : authEn;
  await dialog
    .getByLabel(strings.phone.code, { exact: true })
    .fill(arabic ? toArabicDigits(code) : code);
  await dialog.getByRole('button', { name: strings.phone.verify, exact: true }).click();
  await left;
}
