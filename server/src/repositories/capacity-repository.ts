import type Database from 'better-sqlite3';
import { draftFromStored, type CapacityDraft } from '../../../src/domain/capacity.ts';
import { VersionsRepository } from './versions-repository.ts';

/** Window id → orders holding a crew in it. */
export type BookedCounts = Record<string, number>;

/**
 * The crews plan's versions, and how many crews each window has given away (D12): every order
 * that is not cancelled holds one crew of the window it was booked in.
 */
export class CapacityRepository {
  readonly plans: VersionsRepository<CapacityDraft>;
  readonly #bookedBetween: Database.Statement<
    [string, string],
    { move_date: string; window_id: string; n: number }
  >;

  constructor(db: Database.Database) {
    // Read through the domain's upcaster, as every backend (docs/architecture.md).
    this.plans = new VersionsRepository(
      db,
      { table: 'capacity_plans', column: 'plan' },
      draftFromStored,
    );
    this.#bookedBetween = db.prepare(
      `SELECT move_date, window_id, COUNT(*) AS n FROM orders
       WHERE move_date BETWEEN ? AND ? AND window_id IS NOT NULL AND status <> 'cancelled'
       GROUP BY move_date, window_id`,
    );
  }

  bookedOn(date: string): BookedCounts {
    return this.bookedBetween(date, date).get(date) ?? {};
  }

  /** Date → window → orders, for the dates from `from` to `to` inclusive (YYYY-MM-DD). */
  bookedBetween(from: string, to: string): Map<string, BookedCounts> {
    const byDate = new Map<string, BookedCounts>();
    for (const { move_date, window_id, n } of this.#bookedBetween.all(from, to)) {
      const counts = byDate.get(move_date) ?? {};
      counts[window_id] = n;
      byDate.set(move_date, counts);
    }
    return byDate;
  }
}
