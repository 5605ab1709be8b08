import type Database from 'better-sqlite3';
import { FIRST_CAPACITY_PLAN } from '../../src/domain/capacity.ts';
import { cairoDatePlusDays } from '../../src/domain/datetime.ts';
import { BOOKING_HORIZON_DAYS } from '../../src/domain/pricing.ts';
import { ROOMY_CAPACITY } from '../../src/testing/capacity-fixtures.ts';
import { CapacityRepository } from '../../server/src/repositories/capacity-repository.ts';
import { orderBody } from '../../tests/api/order-fixtures.ts';

/**
 * A valid POST /api/orders body, for driving the real server from outside (the HTTP bench, the
 * crash test): the API tests' own fixture, cash on delivery a week ahead, priced as the server
 * prices it, so every request is a real order creation.
 */
export function validOrderBody(): Record<string, unknown> {
  return orderBody();
}

/**
 * Valid bodies for many orders in a row (the HTTP bench places thousands a second): each the
 * next window of the next day, over the whole booking horizon, so that with ROOMY_CAPACITY no
 * window runs out of crews (D12) and every request is a real order creation.
 */
export function spreadOrderBodies(): () => string {
  const windows = FIRST_CAPACITY_PLAN.windows;
  let n = 0;
  return () => {
    n += 1;
    const window = windows[n % windows.length]!;
    const days = 1 + (Math.floor(n / windows.length) % BOOKING_HORIZON_DAYS);
    return JSON.stringify(
      orderBody({ moveDate: cairoDatePlusDays(days), windowId: window.id, moveTime: window.start }),
    );
  };
}

/** Gives the database's crews plan the most crews a plan may have (ROOMY_CAPACITY). */
export function giveRoomyCapacity(db: Database.Database): void {
  new CapacityRepository(db).plans.save(ROOMY_CAPACITY, null);
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
  return sessionCookieOf(res, 'POST /api/auth/anonymous');
}

/** The `afsh_session=…` pair a response set, or an error naming the request. */
function sessionCookieOf(res: Response, what: string): string {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith('afsh_session='));
  if (!cookie) throw new Error(`${what} set no session cookie`);
  return cookie;
}

/**
 * Proves `phone` (the order fixtures' number unless given) on a server started with the `log`
 * provider, as whoever runs `npm start` would: asks for a code, reads it from the server's output,
 * types it. Returns the signed-in customer's `afsh_session=…` pair: who may book (D13).
 */
export async function verifiedSessionCookie(
  server: { url: string; output(): string },
  phone = '01012345678',
  timeoutMs = 10_000,
): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const asked = await post('/api/auth/phone/code', { phone, language: 'ar' });
  if (!asked.ok) {
    throw new Error(`POST /api/auth/phone/code answered ${asked.status}: ${await asked.text()}`);
  }
  const { challenge } = (await asked.json()) as { challenge: { challengeId: string } };
  const code = await printedCode(server, challenge.challengeId, timeoutMs);
  const verified = await post('/api/auth/phone/verify', {
    challengeId: challenge.challengeId,
    code,
  });
  if (!verified.ok) {
    throw new Error(
      `POST /api/auth/phone/verify answered ${verified.status}: ${await verified.text()}`,
    );
  }
  return sessionCookieOf(verified, 'POST /api/auth/phone/verify');
}

/** Waits until the server's output has the log line of `challengeId`'s code, and reads it. */
async function printedCode(
  server: { output(): string },
  challengeId: string,
  timeoutMs: number,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of server.output().split('\n')) {
      if (!line.includes(challengeId)) continue;
      const code = (JSON.parse(line) as { phoneCode?: { code?: string } }).phoneCode?.code;
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`The server printed no code for ${challengeId}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
