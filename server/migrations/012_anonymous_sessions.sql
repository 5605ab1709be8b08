-- Anonymous sessions that cost nothing to make must not cost rows without end (docs/decisions.md
-- D8). A session of an anonymous visitor who has written nothing yet (no order, review or
-- contact message) is provisional: it ends a day after it started, becomes an ordinary sliding
-- session once its visitor writes something, and the oldest make room when there are too many.
ALTER TABLE sessions ADD COLUMN provisional INTEGER NOT NULL DEFAULT 0 CHECK (provisional IN (0, 1));

-- Counting them, and finding the oldest, read this index alone.
CREATE INDEX sessions_provisional ON sessions (created_at) WHERE provisional = 1;

-- "Has this visitor written anything" looks the user up in orders, reviews and messages (orders
-- and reviews have an index on user_id already, messages get theirs in 021). Deleting a user
-- sets the columns below to NULL: without an index SQLite would read the whole table for every
-- user deleted, and the status history grows with the orders. (040 rebuilds the history table
-- with this index: a database that meets 012 after 040 already has it.)
CREATE INDEX IF NOT EXISTS order_status_history_actor_idx ON order_status_history (actor_user_id);
CREATE INDEX price_catalogs_created_by_idx ON price_catalogs (created_by);
CREATE INDEX capacity_plans_created_by_idx ON capacity_plans (created_by);

-- Sessions of anonymous visitors who have written nothing, started before this change with the
-- full lifetime, become provisional too and end within a day.
UPDATE sessions
SET provisional = 1,
    expires_at = MIN(expires_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'))
WHERE revoked_at IS NULL
  AND user_id IN (
    SELECT u.id FROM users u
    WHERE u.anonymous = 1
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.user_id = u.id)
  );

-- Anonymous visitors an older version left with no session at all and nothing written: nobody
-- can be them again. From now on the prune deletes such a user with its last session.
DELETE FROM users
WHERE anonymous = 1
  AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = users.id)
  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = users.id)
  AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = users.id)
  AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.user_id = users.id);
