import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, orderSearchTokens } from '../../src/domain/hosted-store.ts';
import { SEARCH_TEXT_VERSION } from '../../src/domain/search-text.ts';

export interface OfficeBackfillOutcome {
  /** Orders whose search tokens were written (or, on a dry run, would be). */
  orders: string[];
  /** Messages that got their `handled` field (or would). */
  messages: string[];
  /** False on a dry run: nothing was written. */
  written: boolean;
}

/**
 * The hosted build's one-off catch-up for D20, for a project that holds orders and messages
 * written before it:
 * - every order whose `searchTokens` were written under other rules (`searchVersion` missing or
 *   not SEARCH_TEXT_VERSION) gets them again: before, its number and phone were not searchable
 *   and a name typed on a Persian keyboard was not folded. Every order write of the deployed
 *   functions writes them too, so this is for the orders nobody touches.
 * - every contact message without `handled` gets `handled` from what it holds (false for all of
 *   them): the desk's "not handled" filter is a query on it, which a missing field never matches.
 *   (The desk's count is every message less the handled ones, so it is right before this runs.)
 *
 * Safe while the site runs: the tokens depend only on an order's name, number and phone, which
 * no write changes, so a function writing the same order writes the same tokens; a message's
 * `handled` is written by this only while missing, and markMessageHandled always writes it.
 * Reads every order and message once (billed one read each); writes only what is missing.
 * Running it again changes nothing; `dryRun` reports the same and writes nothing.
 */
export async function backfillOffice(
  db: Firestore,
  options: { dryRun: boolean },
): Promise<OfficeBackfillOutcome> {
  const outcome: OfficeBackfillOutcome = { orders: [], messages: [], written: !options.dryRun };
  const orders = await db.collection(COLLECTIONS.orders).get();
  for (const doc of orders.docs) {
    const data = doc.data();
    if (data.searchVersion === SEARCH_TEXT_VERSION) continue;
    outcome.orders.push(doc.id);
    if (options.dryRun) continue;
    await doc.ref.update({
      searchTokens: orderSearchTokens({
        fullName: String(data.fullName ?? ''),
        orderNumber: String(data.orderNumber ?? ''),
        phoneNumber: String(data.phoneNumber ?? ''),
      }),
      searchVersion: SEARCH_TEXT_VERSION,
    });
  }
  const messages = await db.collection(COLLECTIONS.messages).get();
  for (const doc of messages.docs) {
    const data = doc.data();
    if (typeof data.handled === 'boolean') continue;
    outcome.messages.push(doc.id);
    if (options.dryRun) continue;
    await doc.ref.update({ handled: data.handledAt !== undefined && data.handledAt !== null });
  }
  return outcome;
}

/** What the script prints. */
export function officeBackfillReport(outcome: OfficeBackfillOutcome, where: string): string[] {
  const verb = outcome.written ? 'wrote' : 'would write (dry run)';
  return [
    `${where}: ${verb} the search tokens of ${outcome.orders.length} order(s) and the handled state of ${outcome.messages.length} message(s).`,
    ...outcome.orders.map((id) => `  order ${id}`),
    ...outcome.messages.map((id) => `  message ${id}`),
  ];
}
