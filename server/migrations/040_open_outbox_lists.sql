-- migration: rebuilds tables
-- Lists that grow are the domain's, never a CHECK list (docs/decisions.md D15, as 005 did for
-- move types and statuses): a new channel (Telegram), a new kind of recipient or a new sending
-- state is a change to src/domain/notifications.ts, and a new kind of actor on an order's history
-- one to src/domain/order.ts, not a rebuild of these tables. Here their values are checked only
-- for shape; the domain checks every write, and reads every row back through its upcaster
-- (outboxMessageFromStored, orderFromStored), which keeps a value it does not know.
--
-- Languages keep their list: a third one is a project (every screen, every template, the
-- WhatsApp templates registered again), not a value added to a list (D15).
--
-- Every column is named in the copies (db.ts: databases may hold them in different orders).

CREATE TABLE outbox_messages_new (
  id               TEXT PRIMARY KEY,
  event_id         TEXT NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
  order_id         TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- Domain list values: 'customer', 'company'; 'whatsapp', 'sms', 'email'.
  recipient        TEXT NOT NULL CHECK (length(recipient) BETWEEN 1 AND 40 AND recipient NOT GLOB '*[^a-z0-9_-]*'),
  channel          TEXT NOT NULL CHECK (length(channel) BETWEEN 1 AND 40 AND channel NOT GLOB '*[^a-z0-9_-]*'),
  -- Channels still to try, comma separated, after this one has failed for good.
  fallback         TEXT NOT NULL DEFAULT '' CHECK (length(fallback) <= 100),
  address          TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 320),
  template         TEXT NOT NULL CHECK (length(template) BETWEEN 1 AND 100),
  language         TEXT NOT NULL CHECK (language IN ('ar', 'en')),
  -- The template's parameters as sent (WhatsApp fills its registered template with them), and
  -- the same message rendered from locales/ (SMS, email, the log, and what the admin reads).
  params           TEXT NOT NULL CHECK (json_valid(params)),
  body             TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  subject          TEXT NOT NULL DEFAULT '' CHECK (length(subject) <= 300),
  -- A domain list value: 'pending', 'sending', 'sent', 'failed', 'cancelled'.
  state            TEXT NOT NULL CHECK (length(state) BETWEEN 1 AND 40 AND state NOT GLOB '*[^a-z0-9_-]*'),
  tries            INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0),
  max_tries        INTEGER NOT NULL CHECK (max_tries >= 1),
  next_attempt_at  TEXT NOT NULL,
  last_error       TEXT CHECK (last_error IS NULL OR length(last_error) <= 1000),
  idempotency_key  TEXT NOT NULL UNIQUE,
  provider         TEXT,
  provider_message_id TEXT CHECK (provider_message_id IS NULL OR length(provider_message_id) <= 300),
  -- The message this one stands in for (an SMS after WhatsApp failed).
  fallback_of      TEXT REFERENCES outbox_messages (id) ON DELETE CASCADE,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  sent_at          TEXT
) STRICT;

INSERT INTO outbox_messages_new (
  id, event_id, order_id, recipient, channel, fallback, address, template, language, params,
  body, subject, state, tries, max_tries, next_attempt_at, last_error, idempotency_key,
  provider, provider_message_id, fallback_of, created_at, updated_at, sent_at
)
SELECT
  id, event_id, order_id, recipient, channel, fallback, address, template, language, params,
  body, subject, state, tries, max_tries, next_attempt_at, last_error, idempotency_key,
  provider, provider_message_id, fallback_of, created_at, updated_at, sent_at
FROM outbox_messages ORDER BY rowid;
DROP TABLE outbox_messages;
ALTER TABLE outbox_messages_new RENAME TO outbox_messages;

-- The worker's question: what is due now? Only unfinished messages are in this index (the
-- repository's queries name the same states).
CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at)
  WHERE state IN ('pending', 'sending');
CREATE INDEX outbox_messages_order_idx ON outbox_messages (order_id, created_at);

CREATE TABLE order_status_history_new (
  id            TEXT PRIMARY KEY,
  order_id      TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status        TEXT NOT NULL CHECK (length(status) BETWEEN 1 AND 40 AND status NOT GLOB '*[^a-z0-9_-]*'),
  -- A domain list value: 'system', 'customer', 'admin'.
  actor         TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 40 AND actor NOT GLOB '*[^a-z0-9_-]*'),
  actor_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  at            TEXT NOT NULL
) STRICT;

INSERT INTO order_status_history_new (id, order_id, status, actor, actor_user_id, at)
SELECT id, order_id, status, actor, actor_user_id, at FROM order_status_history ORDER BY rowid;
DROP TABLE order_status_history;
ALTER TABLE order_status_history_new RENAME TO order_status_history;

CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, at);
CREATE INDEX order_status_history_actor_idx ON order_status_history (actor_user_id);
