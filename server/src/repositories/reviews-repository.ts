import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Review } from '../../../src/data/port.ts';
import { isDisplayableReview, REVIEW_COOLDOWN_MS } from '../../../src/domain/schemas.ts';

interface ReviewRow {
  id: string;
  name: string;
  review: string;
  rating: number;
  created_at: string;
}

export interface NewReviewRecord {
  name: string;
  review: string;
  rating: number;
  userId: string | null;
  ip: string | null;
}

/** The spec's carousel and the SSE stream show at most this many, newest first. */
export const REVIEW_LIST_LIMIT = 100;

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    name: row.name,
    review: row.review,
    rating: row.rating,
    createdAt: row.created_at,
  };
}

function prepareStatements(db: Database.Database) {
  return {
    insert: db.prepare(`
      INSERT INTO reviews (id, name, review, rating, user_id, ip, created_at)
      VALUES (:id, :name, :review, :rating, :userId, :ip, :createdAt)`),
    // Over-fetch a little: rows that fail isDisplayableReview (legacy or imported data) are
    // dropped after the query, and the list should still be full.
    latest: db.prepare(`
      SELECT id, name, review, rating, created_at FROM reviews
      WHERE hidden = 0 ORDER BY created_at DESC, rowid DESC LIMIT ?`),
    latestBy: db.prepare(`
      SELECT MAX(created_at) AS last FROM reviews
      WHERE created_at > :since AND created_at <= :now
        AND ((:userId IS NOT NULL AND user_id = :userId) OR (:ip IS NOT NULL AND ip = :ip))`),
  };
}

/** All SQL about reviews. */
export class ReviewsRepository {
  readonly #db: Database.Database;
  readonly #statements: ReturnType<typeof prepareStatements>;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#statements = prepareStatements(db);
  }

  add(record: NewReviewRecord, now: Date = new Date()): Review {
    const review: Review = {
      id: randomUUID(),
      name: record.name,
      review: record.review,
      rating: record.rating,
      createdAt: now.toISOString(),
    };
    this.#statements.insert.run({
      id: review.id,
      name: review.name,
      review: review.review,
      rating: review.rating,
      userId: record.userId,
      ip: record.ip,
      createdAt: review.createdAt,
    });
    return review;
  }

  /** Visible, displayable reviews, newest first. */
  list(limit: number = REVIEW_LIST_LIMIT): Review[] {
    const rows = this.#statements.latest.all(limit * 2) as ReviewRow[];
    return rows
      .filter((row) => isDisplayableReview(row))
      .slice(0, limit)
      .map(toReview);
  }

  /**
   * When the same user or the same address last posted within the cooldown (spec 5, D2), else
   * null. Hidden reviews count too: moderation must not reopen the door to flooding.
   */
  lastWithinCooldown(
    who: { userId: string | null; ip: string | null },
    now: Date = new Date(),
  ): Date | null {
    const since = new Date(now.getTime() - REVIEW_COOLDOWN_MS).toISOString();
    const row = this.#statements.latestBy.get({
      since,
      now: now.toISOString(),
      userId: who.userId,
      ip: who.ip,
    }) as { last: string | null };
    return row.last === null ? null : new Date(row.last);
  }

  /**
   * Stores the review unless its author (by user or by address) posted within the cooldown; the
   * check and the insert run in one transaction so two quick requests can't both get through.
   */
  addUnlessCoolingDown(
    record: NewReviewRecord,
    now: Date = new Date(),
  ): { ok: true; review: Review } | { ok: false; retryAfterMs: number } {
    return this.#db
      .transaction(() => {
        const last = this.lastWithinCooldown({ userId: record.userId, ip: record.ip }, now);
        if (last !== null) {
          const retryAfterMs = Math.max(1, last.getTime() + REVIEW_COOLDOWN_MS - now.getTime());
          return { ok: false as const, retryAfterMs };
        }
        return { ok: true as const, review: this.add(record, now) };
      })
      .immediate();
  }
}
