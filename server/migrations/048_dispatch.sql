-- Dispatch (docs/decisions.md D28): crews and trucks as data, each order's crew, truck and
-- windows, the crew phone's taps and the proof of delivery.
--
-- `fleets`: numbered versions of the crews and trucks, like the crews plan (006). None is
-- written here: a database from before dispatch reads its fleet from the plan's counts
-- (fleetOfPlan), so capacity is what it was until the office saves its own.
-- `orders.assignment`: the crew, truck and windows as JSON, read through the domain's
-- upcaster (assignmentFromStored); NULL for orders from before, which hold their window
-- without a crew.
-- `crew_holds`: one row per order and window it holds, kept by the repository from the stored
-- order in the order's own transaction (the index dispatch reads: who holds which window). An
-- order from before dispatch that is not cancelled holds its booked window, with no crew.
-- `order_status_history.tap`: the crew phone's id of the tap that made an entry; the same tap
-- sent twice is one.
-- `deliveries`: who received the furniture, their signature or a photo, the cash taken.

CREATE TABLE fleets (
  version    INTEGER PRIMARY KEY CHECK (version >= 1),
  fleet      TEXT NOT NULL CHECK (json_valid(fleet)),
  created_at TEXT NOT NULL,
  created_by TEXT REFERENCES users (id) ON DELETE SET NULL
) STRICT;

-- Deleting a user finds their fleet versions by index (012's rule for every column naming one).
CREATE INDEX fleets_created_by_idx ON fleets (created_by);

ALTER TABLE orders ADD COLUMN assignment TEXT CHECK (assignment IS NULL OR json_valid(assignment));

ALTER TABLE order_status_history ADD COLUMN tap TEXT CHECK (tap IS NULL OR length(tap) <= 64);
CREATE UNIQUE INDEX order_status_history_tap_idx ON order_status_history (order_id, tap)
  WHERE tap IS NOT NULL;

CREATE TABLE crew_holds (
  order_id               TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  date                   TEXT NOT NULL,
  window_id              TEXT NOT NULL,
  crew_id                TEXT,
  truck_id               TEXT,
  dropoff_governorate_id TEXT,
  dropoff_district_id    TEXT,
  PRIMARY KEY (order_id, date, window_id)
) STRICT;

CREATE INDEX crew_holds_date_idx ON crew_holds (date, window_id);
CREATE INDEX crew_holds_crew_idx ON crew_holds (crew_id, date) WHERE crew_id IS NOT NULL;

INSERT INTO crew_holds (order_id, date, window_id, crew_id, truck_id, dropoff_governorate_id,
  dropoff_district_id)
SELECT id, move_date, window_id, NULL, NULL, dropoff_governorate_id, dropoff_district_id
FROM orders WHERE window_id IS NOT NULL AND status <> 'cancelled';

CREATE TABLE deliveries (
  order_id       TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  crew_id        TEXT NOT NULL,
  received_by    TEXT NOT NULL CHECK (length(received_by) BETWEEN 1 AND 80),
  signature      TEXT CHECK (signature IS NULL OR length(signature) <= 200000),
  photo          TEXT CHECK (photo IS NULL OR length(photo) <= 700000),
  cash_collected INTEGER CHECK (cash_collected IS NULL OR cash_collected >= 0),
  tapped_at      TEXT NOT NULL,
  at             TEXT NOT NULL
) STRICT;
