import type { PhoneChallenge } from '../../data/port';

/**
 * The code last sent in this tab (D13), kept in session storage until it is used or expires. On a
 * cheap phone, switching to WhatsApp to read the code may be enough for the browser to drop the
 * page; back in the tab, the customer types the code they got instead of waiting for another.
 * Only the challenge is kept (its id, the number, the channel, the times), never a code.
 */
export interface PendingCode {
  challenge: PhoneChallenge;
  /** When the server takes another code for the number (ms since the epoch). */
  resendAt: number;
  /** When this code stops working (ms since the epoch). */
  expiresAt: number;
}

const KEY = 'afsh.phoneCode';

/** The times of a challenge received `now`. */
export function pendingFrom(challenge: PhoneChallenge, now: number = Date.now()): PendingCode {
  return {
    challenge,
    resendAt: now + challenge.resendInSeconds * 1000,
    expiresAt: now + challenge.expiresInSeconds * 1000,
  };
}

export function rememberCode(pending: PendingCode): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Private mode or full storage: the code still works in this page.
  }
}

export function forgetCode(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept then.
  }
}

function isPending(value: unknown): value is PendingCode {
  if (typeof value !== 'object' || value === null) return false;
  const { challenge, resendAt, expiresAt } = value as Partial<PendingCode>;
  return (
    typeof resendAt === 'number' &&
    typeof expiresAt === 'number' &&
    typeof challenge === 'object' &&
    challenge !== null &&
    typeof challenge.challengeId === 'string' &&
    typeof challenge.phone === 'string' &&
    ['whatsapp', 'sms', 'log'].includes(challenge.channel)
  );
}

/**
 * The code sent in this tab that still works (for `phone`, E.164, when given), or null. Reads
 * storage and the clock: call it from an effect or a handler, never while rendering.
 */
export function recallCode(phone?: string | null, now: number = Date.now()): PendingCode | null {
  let value: unknown;
  try {
    value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isPending(value) || value.expiresAt <= now) return null;
  if (phone && value.challenge.phone !== phone) return null;
  return value;
}
