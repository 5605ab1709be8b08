-- migration: rebuilds tables
-- Move types, statuses and payment providers are lists that grow (a "piano" move, a "scheduled"
-- status, a real payment gateway). Their values live in src/domain/ (pricing.ts, status.ts,
-- order.ts), which validates every write; here they are checked only for shape, so adding one is
-- a change to the domain, not a rebuild of the orders table.

CREATE TABLE orders_new (
  id                TEXT PRIMARY KEY,
  order_number      TEXT NOT NULL UNIQUE
                      CHECK (order_number GLOB 'AF-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[1-9][0-9][0-9]*'
                         AND length(order_number) BETWEEN 15 AND 18
                         AND substr(order_number, 13) NOT GLOB '*[^0-9]*'),
  user_id           TEXT REFERENCES users (id) ON DELETE SET NULL,
  full_name         TEXT NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
  phone_number      TEXT NOT NULL CHECK (phone_number GLOB '01[0125][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  pickup_address    TEXT NOT NULL CHECK (length(pickup_address) BETWEEN 1 AND 500),
  dropoff_address   TEXT NOT NULL CHECK (length(dropoff_address) BETWEEN 1 AND 500),
  governorate_id    TEXT NOT NULL CHECK (length(governorate_id) BETWEEN 1 AND 100),
  district_id       TEXT NOT NULL CHECK (length(district_id) BETWEEN 1 AND 100),
  notes             TEXT NOT NULL DEFAULT '' CHECK (length(notes) <= 2000),
  -- A domain list value: lower-case letters, digits, '_' or '-'.
  move_type         TEXT NOT NULL CHECK (length(move_type) BETWEEN 1 AND 40 AND move_type NOT GLOB '*[^a-z0-9_-]*'),
  housing           TEXT NOT NULL CHECK (length(housing) BETWEEN 1 AND 40 AND housing NOT GLOB '*[^a-z0-9_-]*'),
  pickup_floor      INTEGER NOT NULL CHECK (pickup_floor BETWEEN 0 AND 20),
  dropoff_floor     INTEGER NOT NULL CHECK (dropoff_floor BETWEEN 0 AND 20),
  workers           INTEGER NOT NULL CHECK (workers BETWEEN 1 AND 6),
  move_date         TEXT NOT NULL CHECK (move_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  move_time         TEXT NOT NULL CHECK (move_time GLOB '[0-2][0-9]:[0-5][0-9]'),
  total_price       INTEGER NOT NULL CHECK (total_price >= 0),
  currency          TEXT NOT NULL DEFAULT 'EGP' CHECK (currency = 'EGP'),
  payment_method    TEXT NOT NULL CHECK (payment_method IN ('card', 'cod')),
  payment_status    TEXT NOT NULL CHECK (payment_status IN ('paid', 'pending')),
  payment_provider  TEXT NOT NULL CHECK (length(payment_provider) BETWEEN 1 AND 40 AND payment_provider NOT GLOB '*[^a-z0-9_-]*'),
  payment_reference TEXT CHECK (payment_reference IS NULL OR length(payment_reference) <= 200),
  status            TEXT NOT NULL CHECK (length(status) BETWEEN 1 AND 40 AND status NOT GLOB '*[^a-z0-9_-]*'),
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  -- Cash is never a card provider's, and a card order is never marked as cash.
  CHECK ((payment_method = 'cod') = (payment_provider = 'cash'))
) STRICT;

INSERT INTO orders_new SELECT * FROM orders ORDER BY rowid;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;

CREATE INDEX orders_status_idx ON orders (status, created_at);
CREATE INDEX orders_governorate_idx ON orders (governorate_id, created_at);
CREATE INDEX orders_move_date_idx ON orders (move_date, move_time);
CREATE INDEX orders_created_at_idx ON orders (created_at);
CREATE INDEX orders_phone_idx ON orders (phone_number);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);

CREATE TABLE order_status_history_new (
  id            TEXT PRIMARY KEY,
  order_id      TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status        TEXT NOT NULL CHECK (length(status) BETWEEN 1 AND 40 AND status NOT GLOB '*[^a-z0-9_-]*'),
  actor         TEXT NOT NULL CHECK (actor IN ('system', 'customer', 'admin')),
  actor_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  at            TEXT NOT NULL
) STRICT;

INSERT INTO order_status_history_new SELECT * FROM order_status_history ORDER BY rowid;
DROP TABLE order_status_history;
ALTER TABLE order_status_history_new RENAME TO order_status_history;

CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, at);
