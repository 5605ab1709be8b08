import { randomBytes, randomInt } from 'node:crypto';
import type Database from 'better-sqlite3';
import { RuleViolation } from '../../../src/domain/errors.ts';
import { nationalEgyptian } from '../../../src/domain/phone.ts';
import {
  phoneCodeRequestSchema,
  phoneCodeVerifySchema,
} from '../../../src/domain/phone-auth-schema.ts';
import type { PhoneChallenge } from '../../../src/domain/phone-auth-schema.ts';
import {
  decideCodeAttempt,
  decideCodeRequest,
  decidePhoneSignIn,
  DEFAULT_PHONE_CODE_POLICY,
  newPhoneCode,
  PHONE_MESSAGES,
  sentChallenge,
  UNSENT_CODE_CHANNEL,
  wrongCode,
} from '../../../src/domain/phone-verification.ts';
import type { PhoneCodePolicy, SignInParty } from '../../../src/domain/phone-verification.ts';
import { DAY_MS } from '../../../src/domain/quota.ts';
import type { PhoneCodeSender } from '../auth/phone-code-sender.ts';
import type { PhoneCodesRepository } from '../repositories/phone-codes-repository.ts';
import {
  claimOrdersByPhone,
  createPhoneUser,
  findUserById,
  findUserByPhone,
  moveOrders,
  setUserPhone,
} from '../repositories/users-repository.ts';

/** Codes and failures are kept two days: the limits look one day back. */
const KEPT_MS = 2 * DAY_MS;

export interface PhoneAuthServiceOptions {
  db: Database.Database;
  codes: PhoneCodesRepository;
  sender: PhoneCodeSender;
  /** RATE_LIMITS=off (tests, load tests) lifts the per-address and overall budgets only. */
  policy?: PhoneCodePolicy;
  now?: () => number;
}

/** The policy of a server: RATE_LIMITS=off keeps the per-number rules, which guard the codes. */
export function phoneCodePolicy(rateLimits: 'on' | 'off'): PhoneCodePolicy {
  if (rateLimits === 'on') return DEFAULT_PHONE_CODE_POLICY;
  return { ...DEFAULT_PHONE_CODE_POLICY, perAddress: [], overall: [], failuresPerAddress: [] };
}

/**
 * Signing in with a mobile number (D13): the server sends a code and checks it; the rules are
 * the domain's (src/domain/phone-verification.ts), this class loads, calls and stores.
 */
export class PhoneAuthService {
  readonly #db: Database.Database;
  readonly #codes: PhoneCodesRepository;
  readonly #sender: PhoneCodeSender;
  readonly #policy: PhoneCodePolicy;
  readonly #now: () => number;

  constructor(options: PhoneAuthServiceOptions) {
    this.#db = options.db;
    this.#codes = options.codes;
    this.#sender = options.sender;
    this.#policy = options.policy ?? DEFAULT_PHONE_CODE_POLICY;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Decides and records a new code in one transaction (two requests at once cannot both pass a
   * limit), then sends it. A send that fails on every channel still counts against the limits:
   * otherwise an unreachable number would be a way around them.
   */
  async requestCode(body: unknown, addressKey: string): Promise<PhoneChallenge> {
    const input = phoneCodeRequestSchema.parse(body ?? {});
    if (!this.#sender.available) {
      throw new RuleViolation('unavailable', PHONE_MESSAGES.notSent);
    }
    const now = this.#now();
    const challengeId = randomBytes(16).toString('base64url');
    const code = newPhoneCode(randomInt);
    const grant = this.#db
      .transaction(() => {
        const state = this.#codes.requestState(input.phone, addressKey, now, this.#policy);
        const granted = decideCodeRequest(state, now, this.#policy);
        this.#codes.insert({
          id: challengeId,
          phone: input.phone,
          code,
          channel: 'sending',
          addressKey,
          createdAt: now,
          expiresAt: granted.expiresAt,
        });
        return granted;
      })
      .immediate();

    const channel = await this.#sender.send({
      challengeId,
      to: input.phone,
      code,
      language: input.language,
      ...(input.channel ? { prefer: input.channel } : {}),
    });
    this.#codes.setChannel(challengeId, channel ?? UNSENT_CODE_CHANNEL);
    if (channel === null) throw new RuleViolation('unavailable', PHONE_MESSAGES.notSent);
    return {
      challengeId,
      phone: input.phone,
      channel,
      expiresInSeconds: Math.round((grant.expiresAt - now) / 1000),
      resendInSeconds: Math.round((grant.resendAt - now) / 1000),
    };
  }

  /**
   * Checks a typed code. A right one signs in as the number's owner (decidePhoneSignIn) and
   * `startSession` runs in the same transaction with the user to sign in. A wrong one is
   * recorded (a try on the code, a failure for the number and the address) before the refusal.
   */
  verify<T>(
    body: unknown,
    addressKey: string,
    session: SignInParty | null,
    startSession: (userId: string) => T,
  ): T {
    const input = phoneCodeVerifySchema.parse(body ?? {});
    const now = this.#now();
    const outcome = this.#db
      .transaction(() => {
        const stored = sentChallenge(this.#codes.find(input.challengeId));
        const failures = this.#codes.failures(stored.phone, addressKey, now, this.#policy);
        const attempt = decideCodeAttempt(
          stored,
          this.#codes.matches(stored, input.code),
          { number: failures.numberFailures, address: failures.addressFailures },
          now,
          this.#policy,
        );
        if (attempt.outcome === 'wrong') {
          this.#codes.recordFailure(
            stored.id,
            attempt.change.attempts,
            stored.phone,
            addressKey,
            now,
          );
          return { kind: 'wrong' as const, attemptsLeft: attempt.attemptsLeft };
        }
        if (!this.#codes.consume(stored.id, attempt.change.consumedAt)) {
          throw new RuleViolation('failed-precondition', PHONE_MESSAGES.used, {
            code: PHONE_MESSAGES.used,
          });
        }
        const userId = this.#signIn(session, stored.phone);
        return { kind: 'started' as const, started: startSession(userId) };
      })
      .immediate();
    if (outcome.kind === 'wrong') throw wrongCode(outcome.attemptsLeft);
    return outcome.started;
  }

  #signIn(session: SignInParty | null, phone: string): string {
    const owner = findUserByPhone(this.#db, phone);
    const current = session ? findUserById(this.#db, session.id) : null;
    const decision = decidePhoneSignIn(
      current ? { id: current.id, anonymous: current.anonymous, phone: current.phone } : null,
      owner ? { id: owner.id, anonymous: owner.anonymous, phone: owner.phone } : null,
      phone,
    );
    let userId: string;
    if (decision.action === 'attach') {
      if (current?.phone !== phone) setUserPhone(this.#db, decision.userId, phone);
      userId = decision.userId;
    } else {
      userId =
        decision.action === 'switch'
          ? decision.userId
          : createPhoneUser(this.#db, decision.phone).id;
      if (decision.moveOrdersFrom) moveOrders(this.#db, decision.moveOrdersFrom, userId);
    }
    const national = nationalEgyptian(phone);
    if (national !== null) claimOrdersByPhone(this.#db, national, userId);
    return userId;
  }

  /** Codes and failures older than two days go. */
  prune(): void {
    this.#codes.prune(this.#now() - KEPT_MS);
  }
}
