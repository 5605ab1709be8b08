import type Database from 'better-sqlite3';
import { draftFromStored, type CapacityDraft } from '../../../src/domain/capacity.ts';
import { fleetFromStored, type FleetDraft } from '../../../src/domain/fleet.ts';
import { VersionsRepository } from './versions-repository.ts';

/** Window id → orders holding a crew in it. */
export type BookedCounts = Record<string, number>;

/**
 * The crews plan's and the fleet's versions, and how many crews each window has given away (D12,
 * D28): every order that is not cancelled holds one crew in each window its move takes.
 */
export class CapacityRepository {
  readonly plans: VersionsRepository<CapacityDraft>;
  /** The crews and trucks (D28); none saved on a database from before them. */
  readonly fleets: VersionsRepository<FleetDraft>;
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
    this.fleets = new VersionsRepository(db, { table: 'fleets', column: 'fleet' }, fleetFromStored);
    // Every window an order holds (D28: a long move holds several, on several days).
    this.#bookedBetween = db.prepare(
      `SELECT date AS move_date, window_id, COUNT(*) AS n FROM crew_holds
       WHERE date BETWEEN ? AND ? GROUP BY date, window_id`,
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
