-- migration: rebuilds tables
-- Team messages about no order (docs/decisions.md D27): the weekly summary to the company is
-- caused by a week, not by an order, so an outbox event and its messages may have no order.
-- `order_id` loses its NOT NULL (SQLite cannot drop it in place: both tables are rebuilt); an
-- order's events and messages still name it, and still go with it when it is deleted. A team
-- event's id is its idempotency key (`weekly-summary:2026-11-21`), so the primary key keeps a
-- week from being recorded twice.
--
-- Rows written before this migration all have an order and are copied as they are; the
-- domain's upcaster (outboxMessageFromStored) reads a missing order as none. Growing lists
-- (recipients, channels, states, templates, event types) stay checked for shape only (040).
-- Every column is named in the copies (db.ts: databases may hold them in different orders).

CREATE TABLE outbox_events_new (
  id          TEXT PRIMARY KEY,
  -- The order it happened to; NULL for a team event (the weekly summary).
  order_id    TEXT REFERENCES orders (id) ON DELETE CASCADE,
  -- A domain list value ('order.created', 'company.weeklySummary', ...), checked by the domain.
  type        TEXT NOT NULL CHECK (length(type) BETWEEN 1 AND 60),
  -- The event's own facts as JSON: {"from": ..., "to": ..., "actor": ...}.
  detail      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
  created_at  TEXT NOT NULL
) STRICT;

INSERT INTO outbox_events_new (id, order_id, type, detail, created_at)
SELECT id, order_id, type, detail, created_at FROM outbox_events ORDER BY rowid;

CREATE TABLE outbox_messages_new (
  id               TEXT PRIMARY KEY,
  event_id         TEXT NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
  -- The order it is about; NULL for a team message about no order.
  order_id         TEXT REFERENCES orders (id) ON DELETE CASCADE,
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
DROP TABLE outbox_events;
ALTER TABLE outbox_events_new RENAME TO outbox_events;
ALTER TABLE outbox_messages_new RENAME TO outbox_messages;

CREATE INDEX outbox_events_order_idx ON outbox_events (order_id, created_at);
-- The worker's question: what is due now? Only unfinished messages are in this index (the
-- repository's queries name the same states).
CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at)
  WHERE state IN ('pending', 'sending');
CREATE INDEX outbox_messages_order_idx ON outbox_messages (order_id, created_at);
