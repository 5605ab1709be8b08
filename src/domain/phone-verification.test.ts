import { describe, expect, it } from 'vitest';
import { RuleViolation } from './errors';
import {
  checkBooker,
  decideCodeAttempt,
  decideCodeRequest,
  decidePhoneSignIn,
  DEFAULT_PHONE_CODE_POLICY,
  isClaimableOwner,
  newPhoneCode,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_MS,
  PHONE_CODE_TTL_MS,
  sentChallenge,
  UNSENT_CODE_CHANNEL,
  wrongCode,
} from './phone-verification';
import type { CodeRequestState } from './phone-verification';
import { HOUR_MS, MINUTE_MS } from './quota';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const EMPTY: CodeRequestState = {
  numberSends: [],
  unusedNumberSends: [],
  addressSends: [],
  overallSends: [],
  numberFailures: [],
  addressFailures: [],
};
const times = (count: number, every: number, from = NOW - HOUR_MS + MINUTE_MS) =>
  Array.from({ length: count }, (_, i) => from + i * every);

function refusal(run: () => unknown): RuleViolation {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('decideCodeRequest (D13)', () => {
  it('grants a code that lives ten minutes, the next one a minute later', () => {
    expect(decideCodeRequest(EMPTY, NOW)).toEqual({
      expiresAt: NOW + PHONE_CODE_TTL_MS,
      resendAt: NOW + PHONE_CODE_RESEND_MS,
    });
  });

  it('waits for the cooldown after an unused code, and says when', () => {
    const error = refusal(() =>
      decideCodeRequest(
        { ...EMPTY, numberSends: [NOW - 20_000], unusedNumberSends: [NOW - 20_000] },
        NOW,
      ),
    );
    expect(error).toMatchObject({ code: 'rate-limited', message: 'errors:phone.resendTooSoon' });
    expect(error.details).toEqual({ retryAfterSeconds: 40 });
  });

  it('a used code does not make the next device wait', () => {
    expect(() => decideCodeRequest({ ...EMPTY, numberSends: [NOW - 20_000] }, NOW)).not.toThrow();
  });

  it('five codes an hour per number, whatever the addresses', () => {
    const state = { ...EMPTY, numberSends: times(5, 5 * MINUTE_MS) };
    const error = refusal(() => decideCodeRequest(state, NOW));
    expect(error.message).toBe('errors:phone.tooManyCodes');
    // The oldest of the five, sent 59 minutes ago, leaves the hour in a minute.
    expect(error.details).toEqual({ retryAfterSeconds: 60 });
    expect(() =>
      decideCodeRequest({ ...EMPTY, numberSends: times(4, MINUTE_MS * 5) }, NOW),
    ).not.toThrow();
  });

  it('ten codes an hour per address', () => {
    const error = refusal(() =>
      decideCodeRequest({ ...EMPTY, addressSends: times(10, 2 * MINUTE_MS) }, NOW),
    );
    expect(error.message).toBe('errors:phone.tooManyCodes');
  });

  it('the overall budget says busy, not "you"', () => {
    const error = refusal(() =>
      decideCodeRequest({ ...EMPTY, overallSends: times(1000, 1000) }, NOW),
    );
    expect(error.message).toBe('errors:phone.busy');
    expect(error.fields).toBeUndefined();
  });

  it('a number locked by wrong codes comes first, before the cooldown', () => {
    const state = {
      ...EMPTY,
      unusedNumberSends: [NOW - 1000],
      numberFailures: times(10, MINUTE_MS),
    };
    expect(refusal(() => decideCodeRequest(state, NOW)).message).toBe('errors:phone.locked');
  });

  it('a policy with empty lists lifts those limits', () => {
    const open = { ...DEFAULT_PHONE_CODE_POLICY, perAddress: [], overall: [] };
    const state = { ...EMPTY, addressSends: times(50, 1000), overallSends: times(5000, 100) };
    expect(() => decideCodeRequest(state, NOW, open)).not.toThrow();
  });
});

describe('sentChallenge (D13)', () => {
  it('a challenge whose code went out is the one to check', () => {
    const challenge = { id: 'c1', channel: 'whatsapp' };
    expect(sentChallenge(challenge)).toBe(challenge);
  });

  it('an unknown challenge, or one no channel took, is a code that no longer works', () => {
    for (const challenge of [null, undefined, { channel: UNSENT_CODE_CHANNEL }]) {
      const error = refusal(() => sentChallenge(challenge));
      expect(error).toMatchObject({ code: 'not-found', message: 'errors:phone.expired' });
      expect(error.fields).toEqual({ code: 'errors:phone.expired' });
    }
  });
});

describe('decideCodeAttempt (D13)', () => {
  const fresh = { expiresAt: NOW + MINUTE_MS, attempts: 0, consumedAt: null };
  const none = { number: [], address: [] };

  it('the right code consumes it', () => {
    expect(decideCodeAttempt(fresh, true, none, NOW)).toEqual({
      outcome: 'verified',
      change: { consumedAt: NOW },
    });
  });

  it('a wrong one counts a try and says how many are left', () => {
    expect(decideCodeAttempt({ ...fresh, attempts: 3 }, false, none, NOW)).toEqual({
      outcome: 'wrong',
      change: { attempts: 4 },
      attemptsLeft: PHONE_CODE_MAX_ATTEMPTS - 4,
    });
  });

  it('used, dead and expired codes are refused before the code is compared', () => {
    for (const [code, message] of [
      [{ ...fresh, consumedAt: NOW - 1 }, 'errors:phone.used'],
      [{ ...fresh, attempts: PHONE_CODE_MAX_ATTEMPTS }, 'errors:phone.locked'],
      [{ ...fresh, expiresAt: NOW }, 'errors:phone.expired'],
    ] as const) {
      // Even the right code: the answer must not tell whether a guess was right.
      const error = refusal(() => decideCodeAttempt(code, true, none, NOW));
      expect(error).toMatchObject({ code: 'failed-precondition', message });
      expect(error.fields).toEqual({ code: message });
    }
  });

  it('a number or an address locked by wrong codes is refused, with when to retry', () => {
    const locked = { number: times(10, MINUTE_MS), address: [] };
    const error = refusal(() => decideCodeAttempt(fresh, true, locked, NOW));
    expect(error).toMatchObject({ code: 'rate-limited', message: 'errors:phone.locked' });
    expect(
      refusal(() => decideCodeAttempt(fresh, true, { number: [], address: times(30, 1000) }, NOW))
        .message,
    ).toBe('errors:phone.locked');
  });

  it('wrongCode names the field, and the lock once no try is left', () => {
    expect(wrongCode(2)).toMatchObject({
      code: 'invalid-argument',
      fields: { code: 'errors:phone.wrongCode' },
      details: { attemptsLeft: 2 },
    });
    expect(wrongCode(0).fields).toEqual({ code: 'errors:phone.locked' });
  });
});

describe('newPhoneCode', () => {
  it('six digits, zeros kept', () => {
    expect(newPhoneCode(() => 42)).toBe('000042');
    expect(newPhoneCode((max) => max - 1)).toBe('999999');
  });
});

describe('checkBooker (D13)', () => {
  it('the session must have proved the order’s own number', () => {
    expect(() =>
      checkBooker({ isAdmin: false, phone: '+201012345678' }, '01012345678'),
    ).not.toThrow();
    for (const phone of [null, '+201112345678']) {
      const error = refusal(() => checkBooker({ isAdmin: false, phone }, '01012345678'));
      expect(error).toMatchObject({
        code: 'permission-denied',
        message: 'errors:phone.verificationRequired',
        fields: { phoneNumber: 'errors:phone.verificationRequired' },
        details: { verify: '01012345678' },
      });
    }
  });

  it('admins book for callers', () => {
    expect(() => checkBooker({ isAdmin: true, phone: null }, '01012345678')).not.toThrow();
  });
});

describe('decidePhoneSignIn (D13)', () => {
  const phone = '+201012345678';
  const anonymous = { id: 'anon', anonymous: true, phone: null };
  const account = { id: 'acct', anonymous: false, phone: null };
  const owner = { id: 'owner', anonymous: false, phone };

  it('an anonymous visitor switches to the number’s customer, taking their orders', () => {
    expect(decidePhoneSignIn(anonymous, owner, phone)).toEqual({
      action: 'switch',
      userId: 'owner',
      moveOrdersFrom: 'anon',
    });
  });

  it('a new number makes its customer; no session moves nothing', () => {
    expect(decidePhoneSignIn(anonymous, null, phone)).toEqual({
      action: 'create',
      phone,
      moveOrdersFrom: 'anon',
    });
    expect(decidePhoneSignIn(null, null, phone)).toEqual({
      action: 'create',
      phone,
      moveOrdersFrom: null,
    });
  });

  it('an account gets the number unless another customer has it', () => {
    expect(decidePhoneSignIn(account, null, phone)).toEqual({
      action: 'attach',
      userId: 'acct',
      phone,
    });
    expect(decidePhoneSignIn(owner, owner, phone)).toEqual({
      action: 'attach',
      userId: 'owner',
      phone,
    });
    expect(refusal(() => decidePhoneSignIn(account, owner, phone))).toMatchObject({
      code: 'already-exists',
      message: 'errors:phone.numberTaken',
    });
  });
});

describe('isClaimableOwner (D13)', () => {
  it('orders nobody who proved the number owns: gone, anonymous, or the office’s', () => {
    expect(isClaimableOwner(null)).toBe(true);
    expect(isClaimableOwner({ anonymous: true, isAdmin: false })).toBe(true);
    expect(isClaimableOwner({ anonymous: false, isAdmin: true })).toBe(true);
    expect(isClaimableOwner({ anonymous: false, isAdmin: false })).toBe(false);
  });
});
