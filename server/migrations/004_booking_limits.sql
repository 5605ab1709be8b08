-- migration: rebuilds tables
-- What keeps one client from taking a day's bookings (docs/decisions.md D8):
-- order numbers that widen before they run out, a per-day counter to choose the width, and a
-- short log of who booked, for the per-customer and per-address limits.

-- Order numbers may now have 3 to 6 digits after the date (D6). SQLite cannot change a CHECK
-- in place, so the table is rebuilt with the same columns, rows and indexes.
CREATE TABLE orders_new (
  id                TEXT PRIMARY KEY,
  -- AF-YYYYMMDD-N…: a suffix of 3 to 6 digits without a leading zero; unique, generated, retried.
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
  move_type         TEXT NOT NULL CHECK (move_type IN ('full', 'partial', 'office', 'packaging', 'loading')),
  housing           TEXT NOT NULL CHECK (housing IN ('apartment', 'villa')),
  pickup_floor      INTEGER NOT NULL CHECK (pickup_floor BETWEEN 0 AND 20),
  dropoff_floor     INTEGER NOT NULL CHECK (dropoff_floor BETWEEN 0 AND 20),
  workers           INTEGER NOT NULL CHECK (workers BETWEEN 1 AND 6),
  move_date         TEXT NOT NULL CHECK (move_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  move_time         TEXT NOT NULL CHECK (move_time GLOB '[0-2][0-9]:[0-5][0-9]'),
  total_price       INTEGER NOT NULL CHECK (total_price >= 0),
  currency          TEXT NOT NULL DEFAULT 'EGP' CHECK (currency = 'EGP'),
  payment_method    TEXT NOT NULL CHECK (payment_method IN ('card', 'cod')),
  payment_status    TEXT NOT NULL CHECK (payment_status IN ('paid', 'pending')),
  payment_provider  TEXT NOT NULL CHECK (payment_provider IN ('test', 'cash')),
  payment_reference TEXT CHECK (payment_reference IS NULL OR length(payment_reference) <= 200),
  status            TEXT NOT NULL CHECK (status IN ('received', 'under_review', 'in_transit', 'delivered', 'cancelled')),
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  CHECK (payment_method = 'card' OR payment_provider = 'cash'),
  CHECK (payment_method = 'cod' OR payment_provider <> 'cash')
) STRICT;

-- The rowid order is the creation order the admin list breaks ties with; keep it.
INSERT INTO orders_new SELECT * FROM orders ORDER BY rowid;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;

CREATE INDEX orders_status_idx ON orders (status, created_at);
CREATE INDEX orders_governorate_idx ON orders (governorate_id, created_at);
CREATE INDEX orders_move_date_idx ON orders (move_date, move_time);
CREATE INDEX orders_created_at_idx ON orders (created_at);
CREATE INDEX orders_phone_idx ON orders (phone_number);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);

-- How many numbers each Cairo day has issued: the width of the next one follows from it in
-- O(1), where counting the day's orders would slow every booking on a busy (or attacked) day.
-- Never decremented: a deleted order's number is not handed out again on purpose.
CREATE TABLE order_number_days (
  day    TEXT PRIMARY KEY CHECK (day GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  issued INTEGER NOT NULL CHECK (issued >= 0)
) STRICT;

INSERT INTO order_number_days (day, issued)
  SELECT substr(order_number, 4, 8), COUNT(*) FROM orders GROUP BY substr(order_number, 4, 8);

-- One row per order a customer placed, kept two days for the hourly and daily limits. It
-- outlives a deleted order (a flood an admin cleaned up still counts) and holds no personal
-- data: the address is a keyed hash (see server_secrets), the user an id.
CREATE TABLE order_quota_log (
  order_id    TEXT PRIMARY KEY,
  user_id     TEXT,
  address_key TEXT,
  created_at  TEXT NOT NULL
) STRICT;

CREATE INDEX order_quota_log_user_idx ON order_quota_log (user_id, created_at);
CREATE INDEX order_quota_log_address_idx ON order_quota_log (address_key, created_at);
CREATE INDEX order_quota_log_created_idx ON order_quota_log (created_at);

-- Random keys made once per database. 'address-key' turns a client address into an opaque
-- key: an unkeyed hash of an IPv4 address could be reversed by trying all four billion.
CREATE TABLE server_secrets (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

INSERT INTO server_secrets (name, value) VALUES ('address-key', lower(hex(randomblob(32))));
