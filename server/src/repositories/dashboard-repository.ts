import type Database from 'better-sqlite3';
import type {
  BookingRow,
  CancellationRow,
  DashboardAggregates,
  DashboardPeriod,
  DaySpan,
  LeadRow,
  PlaceRow,
  ReviewFigures,
  WindowRow,
} from '../../../src/domain/dashboard.ts';
import { reviewFiguresOf } from '../../../src/domain/dashboard.ts';

/**
 * The dashboard's aggregates in SQL (D25): GROUP BY over ranges of indexed columns
 * (migration 046), a few hundred rows whatever the number of orders. Cairo days are cut by the
 * domain into UTC instants, passed in as a table of spans (JSON), so SQL never needs a zone.
 */
export class DashboardRepository {
  readonly #bookings: Database.Statement<[string]>;
  readonly #places: Database.Statement<[string, string]>;
  readonly #leads: Database.Statement<[string]>;
  readonly #cancellations: Database.Statement<[string, string]>;
  readonly #windows: Database.Statement<[string, string]>;
  readonly #reviews: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    // Spans: [[index, start, end], …] as JSON; each a range seek on orders_dashboard_idx.
    const spans = `WITH spans (i, s, e) AS (
        SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?))`;
    this.#bookings = db.prepare(
      `${spans}
       SELECT spans.i AS bucket, o.status = 'cancelled' AS cancelled,
              o.payment_method AS paymentMethod, o.payment_status AS paymentStatus,
              COUNT(*) AS orders, SUM(o.total_price) AS total
       FROM spans CROSS JOIN orders o INDEXED BY orders_dashboard_idx
       WHERE o.created_at >= spans.s AND o.created_at < spans.e
       GROUP BY 1, 2, 3, 4`,
    );
    this.#places = db.prepare(
      `SELECT move_type AS moveType, governorate_id AS pickup,
              COALESCE(dropoff_governorate_id, governorate_id) AS dropoff, COUNT(*) AS orders
       FROM orders INDEXED BY orders_dashboard_idx
       WHERE created_at >= ? AND created_at < ? AND status <> 'cancelled'
       GROUP BY 1, 2, 3`,
    );
    // Each Cairo day of the period: its bookings' move dates less that day.
    this.#leads = db.prepare(
      `WITH days (d, s, e) AS (
         SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?))
       SELECT CAST(julianday(o.move_date) - julianday(days.d) AS INTEGER) AS days,
              COUNT(*) AS orders
       FROM days CROSS JOIN orders o INDEXED BY orders_dashboard_idx
       WHERE o.created_at >= days.s AND o.created_at < days.e AND o.status <> 'cancelled'
       GROUP BY 1`,
    );
    // A cancelled order's last cancellation, by the UTC hour it fell in (D25).
    this.#cancellations = db.prepare(
      `SELECT move_date AS moveDate, hour, COUNT(*) AS orders FROM (
         SELECT o.move_date,
                (SELECT substr(MAX(h.at), 1, 13) FROM order_status_history h
                 WHERE h.order_id = o.id AND h.status = 'cancelled') AS hour,
                o.created_at
         FROM orders o INDEXED BY orders_dashboard_idx
         WHERE o.created_at >= ? AND o.created_at < ? AND o.status = 'cancelled')
       GROUP BY 1, 2`,
    );
    this.#windows = db.prepare(
      `SELECT move_date AS date, window_id AS windowId, COUNT(*) AS booked FROM orders
       WHERE move_date BETWEEN ? AND ? AND window_id IS NOT NULL AND status <> 'cancelled'
       GROUP BY 1, 2`,
    );
    this.#reviews = db.prepare(
      `SELECT state, hidden, COUNT(*) AS count, SUM(rating) AS sum
       FROM reviews INDEXED BY reviews_dashboard_idx
       WHERE created_at >= ? AND created_at < ?
       GROUP BY 1, 2`,
    );
  }

  aggregates(period: DashboardPeriod): DashboardAggregates {
    const { current, previous, buckets, days, previousDays } = period;
    return {
      bookings: this.#bookingsIn(buckets),
      previousBookings: this.#bookingsIn([previous]),
      places: this.#places.all(current.start, current.end) as PlaceRow[],
      leads: this.#leadsIn(days),
      previousLeads: this.#leadsIn(previousDays),
      cancellations: (
        this.#cancellations.all(current.start, current.end) as (CancellationRow & {
          hour: string | null;
        })[]
      ).filter((r): r is CancellationRow => r.hour !== null),
      windows: this.windows(period),
      reviews: this.#reviewsIn(current),
      previousReviews: this.#reviewsIn(previous),
    };
  }

  /** Crews taken on the period's move dates, as `aggregates` reads them (the weekly summary's week ahead). */
  windows(period: DashboardPeriod): WindowRow[] {
    return this.#windows.all(period.current.from, period.current.to) as WindowRow[];
  }

  #bookingsIn(spans: DaySpan[]): BookingRow[] {
    const json = JSON.stringify(spans.map((s, i) => [i, s.start, s.end]));
    return (
      this.#bookings.all(json) as (Omit<BookingRow, 'cancelled'> & { cancelled: number })[]
    ).map((r) => ({ ...r, cancelled: r.cancelled === 1 }));
  }

  #leadsIn(days: DaySpan[]): LeadRow[] {
    return this.#leads.all(JSON.stringify(days.map((d) => [d.from, d.start, d.end]))) as LeadRow[];
  }

  #reviewsIn(span: DaySpan): ReviewFigures {
    return reviewFiguresOf(
      this.#reviews.all(span.start, span.end) as {
        state: string | null;
        hidden: number;
        count: number;
        sum: number;
      }[],
    );
  }
}
