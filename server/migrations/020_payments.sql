-- migration: rebuilds tables
-- Online payments on a gateway's own page (docs/decisions.md D3): mobile wallets besides cards,
-- refunds, and every try to pay with what the gateway said about it.

-- Payment methods and payment statuses become lists the domain checks (src/domain/status.ts),
-- as move types and statuses did in 005: a wallet or a refund is a change to the domain, not a
-- rebuild. SQLite cannot change a CHECK in place, so the table is rebuilt with the same columns,
-- rows and indexes. (Every column migrations before this one added to orders is here: 006's and 010's.)
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
  move_type         TEXT NOT NULL CHECK (length(move_type) BETWEEN 1 AND 40 AND move_type NOT GLOB '*[^a-z0-9_-]*'),
  housing           TEXT NOT NULL CHECK (length(housing) BETWEEN 1 AND 40 AND housing NOT GLOB '*[^a-z0-9_-]*'),
  pickup_floor      INTEGER NOT NULL CHECK (pickup_floor BETWEEN 0 AND 20),
  dropoff_floor     INTEGER NOT NULL CHECK (dropoff_floor BETWEEN 0 AND 20),
  workers           INTEGER NOT NULL CHECK (workers BETWEEN 1 AND 6),
  move_date         TEXT NOT NULL CHECK (move_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  move_time         TEXT NOT NULL CHECK (move_time GLOB '[0-2][0-9]:[0-5][0-9]'),
  total_price       INTEGER NOT NULL CHECK (total_price >= 0),
  currency          TEXT NOT NULL DEFAULT 'EGP' CHECK (currency = 'EGP'),
  -- Domain list values: 'card', 'wallet', 'cod'; 'paid', 'pending', 'refunded'.
  payment_method    TEXT NOT NULL CHECK (length(payment_method) BETWEEN 1 AND 40 AND payment_method NOT GLOB '*[^a-z0-9_-]*'),
  payment_status    TEXT NOT NULL CHECK (length(payment_status) BETWEEN 1 AND 40 AND payment_status NOT GLOB '*[^a-z0-9_-]*'),
  payment_provider  TEXT NOT NULL CHECK (length(payment_provider) BETWEEN 1 AND 40 AND payment_provider NOT GLOB '*[^a-z0-9_-]*'),
  -- The gateway's transaction that paid the order (or the test provider's reference); never card data.
  payment_reference TEXT CHECK (payment_reference IS NULL OR length(payment_reference) <= 200),
  status            TEXT NOT NULL CHECK (length(status) BETWEEN 1 AND 40 AND status NOT GLOB '*[^a-z0-9_-]*'),
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  -- 006 (D11, D12): where the move ends, the crew window it holds, its catalog version and distance.
  dropoff_governorate_id TEXT
                      CHECK (dropoff_governorate_id IS NULL OR length(dropoff_governorate_id) BETWEEN 1 AND 100),
  dropoff_district_id TEXT
                      CHECK (dropoff_district_id IS NULL OR length(dropoff_district_id) BETWEEN 1 AND 100),
  window_id         TEXT CHECK (window_id IS NULL OR (length(window_id) BETWEEN 1 AND 40 AND window_id NOT GLOB '*[^a-z0-9-]*')),
  window_start      TEXT CHECK (window_start IS NULL OR window_start GLOB '[0-2][0-9]:[0-5][0-9]'),
  window_end        TEXT CHECK (window_end IS NULL OR window_end GLOB '[0-2][0-9]:[0-5][0-9]'),
  catalog_version   INTEGER NOT NULL DEFAULT 1 CHECK (catalog_version >= 1),
  distance_km       INTEGER NOT NULL DEFAULT 0 CHECK (distance_km >= 0),
  distance_fee      INTEGER NOT NULL DEFAULT 0 CHECK (distance_fee >= 0),
  -- 010 (D10): the language the order was booked in and the consent to be told.
  language          TEXT NOT NULL DEFAULT 'ar' CHECK (language IN ('ar', 'en')),
  notify_consent    INTEGER NOT NULL DEFAULT 0 CHECK (notify_consent IN (0, 1)),
  -- Cash is never a gateway's, and an online order is never marked as cash.
  CHECK ((payment_method = 'cod') = (payment_provider = 'cash'))
) STRICT;

-- Columns by name: 006 and 010 added theirs with ALTER TABLE, so their order differs between
-- databases that ran them in a different order (server/src/plugins/db.ts). This migration needs
-- both (it runs after them on every database numbered this way).
INSERT INTO orders_new (
  id, order_number, user_id, full_name, phone_number, pickup_address, dropoff_address,
  governorate_id, district_id, notes, move_type, housing, pickup_floor, dropoff_floor, workers,
  move_date, move_time, total_price, currency, payment_method, payment_status, payment_provider,
  payment_reference, status, created_at, updated_at, dropoff_governorate_id, dropoff_district_id,
  window_id, window_start, window_end, catalog_version, distance_km, distance_fee, language,
  notify_consent
)
SELECT
  id, order_number, user_id, full_name, phone_number, pickup_address, dropoff_address,
  governorate_id, district_id, notes, move_type, housing, pickup_floor, dropoff_floor, workers,
  move_date, move_time, total_price, currency, payment_method, payment_status, payment_provider,
  payment_reference, status, created_at, updated_at, dropoff_governorate_id, dropoff_district_id,
  window_id, window_start, window_end, catalog_version, distance_km, distance_fee, language,
  notify_consent
FROM orders ORDER BY rowid;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;

CREATE INDEX orders_status_idx ON orders (status, created_at);
CREATE INDEX orders_governorate_idx ON orders (governorate_id, created_at);
CREATE INDEX orders_move_date_idx ON orders (move_date, move_time);
CREATE INDEX orders_created_at_idx ON orders (created_at);
CREATE INDEX orders_phone_idx ON orders (phone_number);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);
-- 006's: the crews a window has given away on a date.
CREATE INDEX orders_window_idx ON orders (move_date, window_id, status);

-- One try to pay an order on the gateway's page (src/domain/payments.ts). Made when the customer
-- is sent there; moved on only by the gateway's signed callbacks.
CREATE TABLE payment_attempts (
  id                 TEXT PRIMARY KEY,
  order_id           TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- The n-th try of this order (1, 2, ...): part of the merchant reference.
  seq                INTEGER NOT NULL CHECK (seq BETWEEN 1 AND 9999),
  provider           TEXT NOT NULL CHECK (length(provider) BETWEEN 1 AND 40 AND provider NOT GLOB '*[^a-z0-9_-]*'),
  method             TEXT NOT NULL CHECK (length(method) BETWEEN 1 AND 40 AND method NOT GLOB '*[^a-z0-9_-]*'),
  state              TEXT NOT NULL CHECK (length(state) BETWEEN 1 AND 40 AND state NOT GLOB '*[^a-z0-9_-]*'),
  amount_cents       INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency           TEXT NOT NULL CHECK (currency = 'EGP'),
  -- Ours, sent to the gateway as its merchant reference: '<order id>.<seq>'.
  reference          TEXT NOT NULL UNIQUE CHECK (length(reference) BETWEEN 3 AND 120),
  provider_order_id  TEXT CHECK (provider_order_id IS NULL OR length(provider_order_id) <= 100),
  transaction_id     TEXT CHECK (transaction_id IS NULL OR length(transaction_id) <= 100),
  -- The gateway's short reason (a decline message, an error code); never card data.
  detail             TEXT CHECK (detail IS NULL OR length(detail) <= 300),
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  expires_at         TEXT,
  UNIQUE (order_id, seq)
) STRICT;

CREATE INDEX payment_attempts_order_idx ON payment_attempts (order_id, created_at);

-- What happened to an order's payment, in order (the admin's payment history). One outcome per
-- gateway transaction and kind: a repeated callback finds its row and changes nothing.
CREATE TABLE payment_events (
  id              TEXT PRIMARY KEY,
  order_id        TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  attempt_id      TEXT REFERENCES payment_attempts (id) ON DELETE CASCADE,
  kind            TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40 AND kind NOT GLOB '*[^a-zA-Z0-9_-]*'),
  actor           TEXT NOT NULL CHECK (actor IN ('customer', 'admin', 'provider')),
  actor_user_id   TEXT REFERENCES users (id) ON DELETE SET NULL,
  transaction_id  TEXT CHECK (transaction_id IS NULL OR length(transaction_id) <= 100),
  amount_cents    INTEGER CHECK (amount_cents IS NULL OR amount_cents >= 0),
  detail          TEXT CHECK (detail IS NULL OR length(detail) <= 300),
  at              TEXT NOT NULL
) STRICT;

CREATE INDEX payment_events_order_idx ON payment_events (order_id, at);
CREATE UNIQUE INDEX payment_events_transaction_idx
  ON payment_events (order_id, kind, transaction_id) WHERE transaction_id IS NOT NULL;
