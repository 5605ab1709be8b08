-- The owner's dashboard (docs/decisions.md D25).
--
-- Every figure of orders booked in a period reads a range of `created_at` and, of each order,
-- its status, payment, total, move type, governorates and move date. One index holding all of
-- them answers every such query from the index alone (SQLite never reads the table's rows):
-- 100,000 orders add a few megabytes and each booking writes one more index entry.
-- Crews taken per window read orders_window_idx (move_date, window_id, status) as the calendar
-- does; a cancellation's time is read from order_status_history_order_idx (order_id, at).
CREATE INDEX orders_dashboard_idx ON orders (
  created_at, status, payment_method, payment_status, total_price,
  move_type, governorate_id, dropoff_governorate_id, move_date
);

-- The review average of a period: a range of created_at and the rating, from the index alone.
CREATE INDEX reviews_dashboard_idx ON reviews (created_at, hidden, state, rating);
