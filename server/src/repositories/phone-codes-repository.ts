import { createHmac, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { CodeRequestState, StoredCode } from '../../../src/domain/phone-verification.ts';
import { quotaHorizonMs } from '../../../src/domain/quota.ts';
import { PHONE_CODE_RESEND_MS } from '../../../src/domain/phone-verification.ts';
import type { PhoneCodePolicy } from '../../../src/domain/phone-verification.ts';
import { serverSecret } from './secrets-repository.ts';
import { cachedStatement } from './users-repository.ts';

export interface PhoneCodeRecord extends StoredCode {
  id: string;
  phone: string;
  channel: string;
}

interface CodeRow {
  id: string;
  phone: string;
  code_hash: string;
  channel: string;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

/**
 * The one-time codes (D13) and the wrong ones typed, in SQLite. Codes are stored as an HMAC of
 * the challenge id and the code under a key of this database, so the file alone signs nobody in.
 * Times are milliseconds since the epoch, as the domain's rules take them.
 */
export class PhoneCodesRepository {
  readonly #db: Database.Database;
  readonly #key: string;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#key = serverSecret(db, 'phone-code-key');
  }

  #hash(challengeId: string, code: string): Buffer {
    return createHmac('sha256', this.#key).update(`${challengeId}:${code}`).digest();
  }

  /** What deciding a new code needs: the sends and failures inside the policy's windows. */
  requestState(
    phone: string,
    addressKey: string,
    now: number,
    policy: PhoneCodePolicy,
  ): CodeRequestState {
    const since = (rules: PhoneCodePolicy[keyof PhoneCodePolicy]) => now - quotaHorizonMs(rules);
    const times = (sql: string, key: string, from: number) =>
      cachedStatement<[string, number], { t: number }>(this.#db, sql)
        .all(key, from)
        .map((row) => row.t);
    const overallFrom = since(policy.overall);
    return {
      numberSends: times(
        'SELECT created_at AS t FROM phone_codes WHERE phone = ? AND created_at > ?',
        phone,
        since(policy.perNumber),
      ),
      unusedNumberSends: times(
        `SELECT created_at AS t FROM phone_codes
         WHERE phone = ? AND created_at > ? AND consumed_at IS NULL`,
        phone,
        now - PHONE_CODE_RESEND_MS,
      ),
      addressSends: times(
        'SELECT created_at AS t FROM phone_codes WHERE address_key = ? AND created_at > ?',
        addressKey,
        since(policy.perAddress),
      ),
      overallSends:
        quotaHorizonMs(policy.overall) > 0
          ? cachedStatement<[number], { t: number }>(
              this.#db,
              'SELECT created_at AS t FROM phone_codes WHERE created_at > ?',
            )
              .all(overallFrom)
              .map((row) => row.t)
          : [],
      ...this.failures(phone, addressKey, now, policy),
    };
  }

  failures(
    phone: string,
    addressKey: string,
    now: number,
    policy: PhoneCodePolicy,
  ): { numberFailures: number[]; addressFailures: number[] } {
    const times = (column: 'phone' | 'address_key', key: string, from: number) =>
      cachedStatement<[string, number], { t: number }>(
        this.#db,
        `SELECT created_at AS t FROM phone_code_failures WHERE ${column} = ? AND created_at > ?`,
      )
        .all(key, from)
        .map((row) => row.t);
    return {
      numberFailures: times('phone', phone, now - quotaHorizonMs(policy.failuresPerNumber)),
      addressFailures: times(
        'address_key',
        addressKey,
        now - quotaHorizonMs(policy.failuresPerAddress),
      ),
    };
  }

  insert(input: {
    id: string;
    phone: string;
    code: string;
    channel: string;
    addressKey: string;
    createdAt: number;
    expiresAt: number;
  }): void {
    cachedStatement(
      this.#db,
      `INSERT INTO phone_codes (id, phone, code_hash, channel, address_key, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      input.id,
      input.phone,
      this.#hash(input.id, input.code).toString('hex'),
      input.channel,
      input.addressKey,
      input.createdAt,
      input.expiresAt,
    );
  }

  /** How it was sent, once the provider said; `failed` when no channel could send it. */
  setChannel(id: string, channel: string): void {
    cachedStatement(this.#db, 'UPDATE phone_codes SET channel = ? WHERE id = ?').run(channel, id);
  }

  find(id: string): (PhoneCodeRecord & { codeHash: string }) | null {
    const row = cachedStatement<[string], CodeRow>(
      this.#db,
      `SELECT id, phone, code_hash, channel, expires_at, attempts, consumed_at
       FROM phone_codes WHERE id = ?`,
    ).get(id);
    if (!row) return null;
    return {
      id: row.id,
      phone: row.phone,
      channel: row.channel,
      codeHash: row.code_hash,
      expiresAt: row.expires_at,
      attempts: row.attempts,
      consumedAt: row.consumed_at,
    };
  }

  /** Whether `code` is the one sent under `challengeId`, compared in constant time. */
  matches(record: { id: string; codeHash: string }, code: string): boolean {
    const stored = Buffer.from(record.codeHash, 'hex');
    const typed = this.#hash(record.id, code);
    return stored.length === typed.length && timingSafeEqual(stored, typed);
  }

  /** A wrong code: one more try on the code, and a failure for the number and the address. */
  recordFailure(id: string, attempts: number, phone: string, addressKey: string, at: number): void {
    cachedStatement(this.#db, 'UPDATE phone_codes SET attempts = ? WHERE id = ?').run(attempts, id);
    cachedStatement(
      this.#db,
      'INSERT INTO phone_code_failures (phone, address_key, created_at) VALUES (?, ?, ?)',
    ).run(phone, addressKey, at);
  }

  /** Uses the code up; false when another request used it first. */
  consume(id: string, at: number): boolean {
    return (
      cachedStatement(
        this.#db,
        'UPDATE phone_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL',
      ).run(at, id).changes === 1
    );
  }

  /** Rows older than `before` (ms) go: the limits never look that far back. */
  prune(before: number): void {
    cachedStatement(this.#db, 'DELETE FROM phone_codes WHERE created_at < ?').run(before);
    cachedStatement(this.#db, 'DELETE FROM phone_code_failures WHERE created_at < ?').run(before);
  }
}
