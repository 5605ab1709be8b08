-- Reviews come from customers' orders (docs/decisions.md D14).
-- A new review names its order, one review per order, and has a state: it waits for the team
-- ('pending') unless the team publishes reviews at once. Only a published review of a delivered
-- order is public. Reviews from before this migration keep their rows with no order and no state:
-- the repository reads them as reviews without an order (src/domain/review-rules.ts,
-- reviewStateOf), which are kept for the admin and never public.

-- Deleting an order keeps its review for the admin, as one without an order.
ALTER TABLE reviews ADD COLUMN order_id TEXT REFERENCES orders (id) ON DELETE SET NULL;

-- 'pending', 'published', 'hidden': a list the domain checks (src/domain/reviews.ts), so only its
-- shape is checked here. NULL: written before this migration. `hidden` stays for those rows.
ALTER TABLE reviews ADD COLUMN state TEXT
  CHECK (state IS NULL OR (length(state) BETWEEN 1 AND 40 AND state NOT GLOB '*[^a-z0-9_-]*'));

-- One review per order (NULLs, the reviews without an order, are all distinct).
CREATE UNIQUE INDEX reviews_order_idx ON reviews (order_id);
-- The public list: published reviews, newest first, joined with their orders.
CREATE INDEX reviews_state_idx ON reviews (state, created_at);

-- What the team sets on the admin pages, one JSON document per key ('reviews': D14). A key with
-- no row has its defaults, and a document missing a field gets that field's default when read.
CREATE TABLE settings (
  key        TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 40),
  value      TEXT NOT NULL CHECK (json_valid(value)),
  updated_at TEXT NOT NULL,
  updated_by TEXT REFERENCES users (id) ON DELETE SET NULL
) STRICT;
