import { createHash } from 'node:crypto';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../../src/domain/hosted-store.ts';
import {
  checkQuota,
  quotaHorizonMs,
  recordQuota,
  type QuotaRule,
} from '../../../src/domain/quota.ts';
import { RetryLater } from '../../../src/domain/errors.ts';

/** One subject's limit for one action: "orders by user u", "reviews from App Check token t". */
export interface Limit {
  /** The action and subject, e.g. `order:user:<uid>`; hashed into the document id. */
  key: string;
  rules: readonly QuotaRule[];
  /** The refusal's message key. */
  message: string;
}

/** The limits of an action for a caller and their App Check token (none for an unknown token). */
export function limitsFor(
  action: string,
  subjects: { uid: string | null; appKey: string | null },
  rules: { user: readonly QuotaRule[]; app: readonly QuotaRule[] },
  message: string,
): Limit[] {
  const limits: Limit[] = [];
  if (subjects.uid)
    limits.push({ key: `${action}:user:${subjects.uid}`, rules: rules.user, message });
  if (subjects.appKey) {
    limits.push({ key: `${action}:app:${subjects.appKey}`, rules: rules.app, message });
  }
  return limits.filter((limit) => limit.rules.some((rule) => rule.max > 0));
}

function quotaRef(db: Firestore, key: string): DocumentReference {
  // Hashed: a uid or token key never appears as a document id anyone could list.
  const id = createHash('sha256').update(key).digest('hex').slice(0, 40);
  return db.collection(COLLECTIONS.quotas).doc(id);
}

/**
 * Reads the limits' documents inside a transaction (reads come before writes) and returns the
 * write that records one more event, or throws the refusal of the first limit reached.
 * Firestore's TTL policy on `quotas.expireAt` removes documents nobody has used for a day.
 */
export async function takeLimits(
  tx: Transaction,
  db: Firestore,
  limits: readonly Limit[],
  now: Date,
): Promise<(tx: Transaction) => void> {
  const refs = limits.map((limit) => quotaRef(db, limit.key));
  const snapshots = refs.length ? await tx.getAll(...refs) : [];
  const at = now.getTime();
  const updates = limits.map((limit, i) => {
    const stored = snapshots[i]?.data()?.times;
    const times = Array.isArray(stored)
      ? stored.filter((t): t is number => typeof t === 'number')
      : [];
    const verdict = checkQuota(times, limit.rules, at);
    if (!verdict.ok) throw new RetryLater('rate-limited', limit.message, verdict.retryAfterMs);
    return {
      ref: refs[i]!,
      times: recordQuota(times, limit.rules, at),
      expireAt: Timestamp.fromMillis(at + quotaHorizonMs(limit.rules)),
    };
  });
  return (writer) => {
    for (const { ref, times, expireAt } of updates) writer.set(ref, { times, expireAt });
  };
}
