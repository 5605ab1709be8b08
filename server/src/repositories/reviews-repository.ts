import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AdminReview, Review } from '../../../src/domain/reviews.ts';
import { isDisplayableReview, REVIEW_COOLDOWN_MS } from '../../../src/domain/reviews.ts';

interface ReviewRow {
  id: string;
  name: string;
  review: string;
  rating: number;
  created_at: string;
}

interface AdminReviewRow extends ReviewRow {
  hidden: number;
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

/**
 * The moderation list's cap. With one review a minute per user and per address this is months of
 * reviews for a moving company; it keeps one response from growing without bound.
 */
export const ADMIN_REVIEW_LIST_LIMIT = 1000;

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    name: row.name,
    review: row.review,
    rating: row.rating,
    createdAt: row.created_at,
  };
}

function toAdminReview(row: AdminReviewRow): AdminReview {
  return { ...toReview(row), hidden: row.hidden === 1 };
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
    // Moderation sees every stored row, undisplayable ones too: those are what it is for.
    all: db.prepare(`
      SELECT id, name, review, rating, created_at, hidden FROM reviews
      ORDER BY created_at DESC, rowid DESC LIMIT ?`),
    byId: db.prepare(`
      SELECT id, name, review, rating, created_at, hidden FROM reviews WHERE id = ?`),
    setHidden: db.prepare(`UPDATE reviews SET hidden = :hidden WHERE id = :id`),
    remove: db.prepare(`DELETE FROM reviews WHERE id = ?`),
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

  /** Moderation: every review, hidden ones included, newest first. */
  listAll(limit: number = ADMIN_REVIEW_LIST_LIMIT): AdminReview[] {
    return (this.#statements.all.all(limit) as AdminReviewRow[]).map(toAdminReview);
  }

  findById(id: string): AdminReview | null {
    const row = this.#statements.byId.get(id) as AdminReviewRow | undefined;
    return row ? toAdminReview(row) : null;
  }

  /** The review as it is now, or null when there is no such review. */
  setHidden(id: string, hidden: boolean): AdminReview | null {
    const changes = this.#statements.setHidden.run({ id, hidden: hidden ? 1 : 0 }).changes;
    return changes === 0 ? null : this.findById(id);
  }

  /** False when there was no such review. */
  remove(id: string): boolean {
    return this.#statements.remove.run(id).changes > 0;
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
