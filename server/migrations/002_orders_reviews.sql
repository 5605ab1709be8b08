-- Orders, their status history, and reviews (docs/decisions.md D2, D3, D5, D6).
-- The zod schemas in src/domain/ are the first line of validation; the CHECKs below are the last,
-- so a bug in a route can never store a status, price or floor the rest of the product can't read.

CREATE TABLE orders (
  id                TEXT PRIMARY KEY,
  -- AF-YYYYMMDD-NNN(N); uniqueness is what makes the random suffix safe (generate, retry).
  order_number      TEXT NOT NULL UNIQUE
                      CHECK (order_number GLOB 'AF-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[1-9][0-9][0-9]'
                          OR order_number GLOB 'AF-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[1-9][0-9][0-9][0-9]'),
  -- An order outlives the account that placed it (admins still need to deliver it).
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
  -- Cairo wall time (D6): a calendar date and a clock time, not an instant.
  move_date         TEXT NOT NULL CHECK (move_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  move_time         TEXT NOT NULL CHECK (move_time GLOB '[0-2][0-9]:[0-5][0-9]'),
  -- Whole Egyptian pounds; the server computed it (D2), the client only proposed it.
  total_price       INTEGER NOT NULL CHECK (total_price >= 0),
  currency          TEXT NOT NULL DEFAULT 'EGP' CHECK (currency = 'EGP'),
  payment_method    TEXT NOT NULL CHECK (payment_method IN ('card', 'cod')),
  payment_status    TEXT NOT NULL CHECK (payment_status IN ('paid', 'pending')),
  payment_provider  TEXT NOT NULL CHECK (payment_provider IN ('test', 'cash')),
  -- The provider's id for the charge; never card data (D3).
  payment_reference TEXT CHECK (payment_reference IS NULL OR length(payment_reference) <= 200),
  status            TEXT NOT NULL CHECK (status IN ('received', 'under_review', 'in_transit', 'delivered', 'cancelled')),
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  CHECK (payment_method = 'card' OR payment_provider = 'cash'),
  CHECK (payment_method = 'cod' OR payment_provider <> 'cash')
) STRICT;

-- The admin panel's filters and sorts, and "my orders".
CREATE INDEX orders_status_idx ON orders (status, created_at);
CREATE INDEX orders_governorate_idx ON orders (governorate_id, created_at);
CREATE INDEX orders_move_date_idx ON orders (move_date, move_time);
CREATE INDEX orders_created_at_idx ON orders (created_at);
CREATE INDEX orders_phone_idx ON orders (phone_number);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);

-- Every status an order has had, with who set it (D5); the tracker shows it as a timeline.
CREATE TABLE order_status_history (
  id            TEXT PRIMARY KEY,
  order_id      TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status        TEXT NOT NULL CHECK (status IN ('received', 'under_review', 'in_transit', 'delivered', 'cancelled')),
  actor         TEXT NOT NULL CHECK (actor IN ('system', 'customer', 'admin')),
  actor_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  at            TEXT NOT NULL
) STRICT;

CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, at);

CREATE TABLE reviews (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  review     TEXT NOT NULL CHECK (length(review) BETWEEN 1 AND 600),
  rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
  -- Kept for the one-review-a-minute rule per address (D2); never sent to clients.
  ip         TEXT,
  created_at TEXT NOT NULL,
  -- Moderation comes later; hidden reviews stay out of every list and stream.
  hidden     INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1))
) STRICT;

CREATE INDEX reviews_created_at_idx ON reviews (created_at);
CREATE INDEX reviews_user_idx ON reviews (user_id, created_at);
CREATE INDEX reviews_ip_idx ON reviews (ip, created_at);
