import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Order } from '../../../src/domain/order.ts';
import type {
  AdminReview,
  Review,
  ReviewableOrder,
  ReviewSettings,
  ReviewState,
} from '../../../src/domain/reviews.ts';
import { isDisplayableReview, REVIEW_COOLDOWN_MS } from '../../../src/domain/reviews.ts';
import {
  adminReview,
  LISTED_ORDER_STATUS,
  reviewableOrders,
  reviewSettingsFrom,
  reviewStateOf,
  type NewReviewRecord,
} from '../../../src/domain/review-rules.ts';
import type { OrderStatus } from '../../../src/domain/status.ts';

interface ReviewRow {
  id: string;
  name: string;
  review: string;
  rating: number;
  created_at: string;
}

/** A row as stored, whatever version wrote it: `state` and `order_id` are NULL before D14. */
interface AdminReviewRow extends ReviewRow {
  hidden: number;
  state: string | null;
  order_id: string | null;
  order_number: string | null;
  full_name: string | null;
  order_status: string | null;
}

interface OrderRow {
  id: string;
  order_number: string;
  user_id: string | null;
  full_name: string;
  status: string;
  move_date: string;
  created_at: string;
}

/** The spec's carousel and the SSE stream show at most this many, newest first. */
export const REVIEW_LIST_LIMIT = 100;

/**
 * The moderation list's cap. With one review per order and one a minute per user and per
 * address, this is months of reviews for a moving company; it keeps one response bounded.
 */
export const ADMIN_REVIEW_LIST_LIMIT = 1000;

/** The `settings` row of the team's review settings (D14). */
const REVIEW_SETTINGS_KEY = 'reviews';

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    name: row.name,
    review: row.review,
    rating: row.rating,
    createdAt: row.created_at,
  };
}

/** The one read path of a stored review: rows from before D14 come back without an order. */
function toAdminReview(row: AdminReviewRow): AdminReview {
  const order =
    row.order_id !== null && row.order_number !== null
      ? {
          id: row.order_id,
          orderNumber: row.order_number,
          fullName: row.full_name ?? '',
          status: row.order_status as OrderStatus,
        }
      : null;
  return adminReview(toReview(row), reviewStateOf(row), order);
}

/**
 * The `hidden` column from before D14, written with every state: a server rolled back to before
 * D14 shows the reviews with hidden = 0, so only published ones may have it.
 */
function hiddenColumn(state: ReviewState): 0 | 1 {
  return state === 'published' ? 0 : 1;
}

const ADMIN_COLUMNS = `
  r.id, r.name, r.review, r.rating, r.created_at, r.hidden, r.state, r.order_id,
  o.order_number, o.full_name, o.status AS order_status`;

function prepareStatements(db: Database.Database) {
  return {
    insert: db.prepare(`
      INSERT INTO reviews (id, name, review, rating, user_id, ip, created_at, hidden, order_id, state)
      VALUES (:id, :name, :review, :rating, :userId, :ip, :createdAt, :hidden, :orderId, :state)`),
    // Published reviews of delivered orders (the domain's isListed, which the rows pass again).
    // Over-fetch a little: rows that fail isDisplayableReview (legacy or imported data) are
    // dropped after the query, and the list should still be full.
    latest: db.prepare(`
      SELECT ${ADMIN_COLUMNS} FROM reviews r JOIN orders o ON o.id = r.order_id
      WHERE r.state = :published AND o.status = :delivered
      ORDER BY r.created_at DESC, r.rowid DESC LIMIT :limit`),
    // Moderation sees every stored row, undisplayable and orderless ones too.
    all: db.prepare(`
      SELECT ${ADMIN_COLUMNS} FROM reviews r LEFT JOIN orders o ON o.id = r.order_id
      ORDER BY r.created_at DESC, r.rowid DESC LIMIT ?`),
    byId: db.prepare(`
      SELECT ${ADMIN_COLUMNS} FROM reviews r LEFT JOIN orders o ON o.id = r.order_id
      WHERE r.id = ?`),
    byOrder: db.prepare(`SELECT id FROM reviews WHERE order_id = ?`),
    setState: db.prepare(`UPDATE reviews SET state = :state, hidden = :hidden WHERE id = :id`),
    remove: db.prepare(`DELETE FROM reviews WHERE id = ?`),
    latestBy: db.prepare(`
      SELECT MAX(created_at) AS last FROM reviews
      WHERE created_at > :since AND created_at <= :now
        AND ((:userId IS NOT NULL AND user_id = :userId) OR (:ip IS NOT NULL AND ip = :ip))`),
    ordersWithoutReview: db.prepare(`
      SELECT o.id, o.order_number, o.user_id, o.full_name, o.status, o.move_date, o.created_at
      FROM orders o
      WHERE o.user_id = ? AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = o.id)
      ORDER BY o.created_at DESC, o.rowid DESC`),
    setting: db.prepare(`SELECT value FROM settings WHERE key = ?`),
    saveSetting: db.prepare(`
      INSERT INTO settings (key, value, updated_at, updated_by)
      VALUES (:key, :value, :updatedAt, :updatedBy)
      ON CONFLICT (key) DO UPDATE SET
        value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`),
  };
}

/** All SQL about reviews, and the team's review settings. */
export class ReviewsRepository {
  readonly #db: Database.Database;
  readonly #statements: ReturnType<typeof prepareStatements>;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#statements = prepareStatements(db);
  }

  /** Runs `work` in one IMMEDIATE transaction: what it reads cannot change before it writes. */
  inTransaction<T>(work: () => T): T {
    return this.#db.transaction(work).immediate();
  }

  /** Stores a review the domain decided (decideReview); returns its id. */
  insert(record: NewReviewRecord, ip: string | null): string {
    const id = randomUUID();
    this.#statements.insert.run({
      id,
      name: record.name,
      review: record.review,
      rating: record.rating,
      userId: record.userId,
      ip,
      createdAt: record.createdAt,
      hidden: hiddenColumn(record.state),
      orderId: record.orderId,
      state: record.state,
    });
    return id;
  }

  /** The public list: published reviews of delivered orders, displayable, newest first. */
  list(limit: number = REVIEW_LIST_LIMIT): Review[] {
    const rows = this.#statements.latest.all({
      published: 'published' satisfies ReviewState,
      delivered: LISTED_ORDER_STATUS,
      limit: limit * 2,
    }) as AdminReviewRow[];
    return rows
      .map(toAdminReview)
      .filter((review) => review.listed && isDisplayableReview(review))
      .slice(0, limit)
      .map(({ id, name, review, rating, createdAt }) => ({ id, name, review, rating, createdAt }));
  }

  /** Moderation: every review, every state, with its order, newest first. */
  listAll(limit: number = ADMIN_REVIEW_LIST_LIMIT): AdminReview[] {
    return (this.#statements.all.all(limit) as AdminReviewRow[]).map(toAdminReview);
  }

  findById(id: string): AdminReview | null {
    const row = this.#statements.byId.get(id) as AdminReviewRow | undefined;
    return row ? toAdminReview(row) : null;
  }

  /** The review of an order, if it has one. */
  findByOrder(orderId: string): { id: string } | null {
    return (this.#statements.byOrder.get(orderId) as { id: string } | undefined) ?? null;
  }

  /** The review as it is now, or null when there is no such review. */
  setState(id: string, state: ReviewState): AdminReview | null {
    const changes = this.#statements.setState.run({
      id,
      state,
      hidden: hiddenColumn(state),
    }).changes;
    return changes === 0 ? null : this.findById(id);
  }

  /** False when there was no such review. */
  remove(id: string): boolean {
    return this.#statements.remove.run(id).changes > 0;
  }

  /** The user's orders they may review now (the domain's reviewableOrders), newest first. */
  reviewableOrders(userId: string): ReviewableOrder[] {
    const rows = this.#statements.ordersWithoutReview.all(userId) as OrderRow[];
    const orders = rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      userId: row.user_id,
      fullName: row.full_name,
      status: row.status as Order['status'],
      moveDate: row.move_date,
      createdAt: row.created_at,
    }));
    return reviewableOrders(orders, { id: userId }, () => false);
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

  /** The team's review settings; defaults for a database where nobody saved them. */
  settings(): ReviewSettings {
    const row = this.#statements.setting.get(REVIEW_SETTINGS_KEY) as { value: string } | undefined;
    return reviewSettingsFrom(row ? (JSON.parse(row.value) as unknown) : undefined);
  }

  saveSettings(
    settings: ReviewSettings,
    by: string | null,
    now: Date = new Date(),
  ): ReviewSettings {
    this.#statements.saveSetting.run({
      key: REVIEW_SETTINGS_KEY,
      value: JSON.stringify(settings),
      updatedAt: now.toISOString(),
      updatedBy: by,
    });
    return this.settings();
  }
}
