-- Prices as data, moves between governorates, and crew capacity (docs/decisions.md D11, D12).

-- Every version of the price catalog an admin saved; the highest is the current one. The rates
-- are JSON in the shape of src/domain/pricing.ts CatalogRates, checked by the domain's schema
-- (catalogRatesSchema) before every save. Version 1 is D4's numbers and the first distance fee.
CREATE TABLE price_catalogs (
  version    INTEGER PRIMARY KEY CHECK (version >= 1),
  rates      TEXT NOT NULL CHECK (json_valid(rates)),
  created_at TEXT NOT NULL,
  -- Who saved it; the version outlives a deleted account.
  created_by TEXT REFERENCES users (id) ON DELETE SET NULL
) STRICT;

INSERT INTO price_catalogs (version, rates, created_at, created_by) VALUES (
  1,
  '{"base":{"full":1500,"partial":1000,"office":1200,"packaging":500,"loading":600},"floorFee":80,"workerExtraPerHead":250,"team":{"base":2,"manyFloors":4},"distance":{"roadFactor":1.3,"includedKm":25,"perKm":10}}',
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  NULL
);

-- Every version of the crews plan (time windows, crews per window, exceptions by date or
-- weekday) in the shape of src/domain/capacity.ts CapacityDraft, checked by capacityDraftSchema.
CREATE TABLE capacity_plans (
  version    INTEGER PRIMARY KEY CHECK (version >= 1),
  plan       TEXT NOT NULL CHECK (json_valid(plan)),
  created_at TEXT NOT NULL,
  created_by TEXT REFERENCES users (id) ON DELETE SET NULL
) STRICT;

INSERT INTO capacity_plans (version, plan, created_at, created_by) VALUES (
  1,
  '{"windows":[{"id":"morning","start":"08:00","end":"12:00","crews":3},{"id":"midday","start":"12:00","end":"16:00","crews":3},{"id":"evening","start":"16:00","end":"20:00","crews":3}],"exceptions":[]}',
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  NULL
);

-- Orders gain where the move ends, the crew window they hold (as it was when booked), the
-- catalog version they were priced with and their estimated distance and its fee. Added, not
-- rebuilt: existing rows get values below. (A later migration that rebuilds `orders` must carry
-- these columns over.)
ALTER TABLE orders ADD COLUMN dropoff_governorate_id TEXT
  CHECK (dropoff_governorate_id IS NULL OR length(dropoff_governorate_id) BETWEEN 1 AND 100);
ALTER TABLE orders ADD COLUMN dropoff_district_id TEXT
  CHECK (dropoff_district_id IS NULL OR length(dropoff_district_id) BETWEEN 1 AND 100);
ALTER TABLE orders ADD COLUMN window_id TEXT
  CHECK (window_id IS NULL OR (length(window_id) BETWEEN 1 AND 40 AND window_id NOT GLOB '*[^a-z0-9-]*'));
ALTER TABLE orders ADD COLUMN window_start TEXT
  CHECK (window_start IS NULL OR window_start GLOB '[0-2][0-9]:[0-5][0-9]');
ALTER TABLE orders ADD COLUMN window_end TEXT
  CHECK (window_end IS NULL OR window_end GLOB '[0-2][0-9]:[0-5][0-9]');
ALTER TABLE orders ADD COLUMN catalog_version INTEGER NOT NULL DEFAULT 1 CHECK (catalog_version >= 1);
ALTER TABLE orders ADD COLUMN distance_km INTEGER NOT NULL DEFAULT 0 CHECK (distance_km >= 0);
ALTER TABLE orders ADD COLUMN distance_fee INTEGER NOT NULL DEFAULT 0 CHECK (distance_fee >= 0);

-- Every order so far was a move inside one district, priced with version 1.
UPDATE orders SET dropoff_governorate_id = governorate_id, dropoff_district_id = district_id;

-- Orders so far hold the first plan's window their time falls in, so they count against its
-- crews; one outside every window holds none (the admin calendar lists it apart).
UPDATE orders SET window_id = 'morning', window_start = '08:00', window_end = '12:00'
  WHERE move_time >= '08:00' AND move_time < '12:00';
UPDATE orders SET window_id = 'midday', window_start = '12:00', window_end = '16:00'
  WHERE move_time >= '12:00' AND move_time < '16:00';
UPDATE orders SET window_id = 'evening', window_start = '16:00', window_end = '20:00'
  WHERE move_time >= '16:00' AND move_time < '20:00';

-- Counting the crews a window has given away on a date: every booking and the calendar do it.
CREATE INDEX orders_window_idx ON orders (move_date, window_id, status);
