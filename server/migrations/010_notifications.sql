-- Order and status notifications (docs/decisions.md D10): the language an order was booked in,
-- the customer's consent to messages, and a durable outbox written in the same transaction as
-- the change that caused it.

-- Orders placed before this migration were booked without either: Arabic (the default
-- language), and no consent (never assumed).
ALTER TABLE orders ADD COLUMN language TEXT NOT NULL DEFAULT 'ar' CHECK (language IN ('ar', 'en'));
ALTER TABLE orders ADD COLUMN notify_consent INTEGER NOT NULL DEFAULT 0 CHECK (notify_consent IN (0, 1));

-- What happened to an order that may be worth telling someone (src/domain/notifications.ts).
CREATE TABLE outbox_events (
  id          TEXT PRIMARY KEY,
  order_id    TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- A domain list value ('order.created', 'order.statusChanged', ...), checked by the domain.
  type        TEXT NOT NULL CHECK (length(type) BETWEEN 1 AND 60),
  -- The event's own facts as JSON: {"from": ..., "to": ..., "actor": ...}.
  detail      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
  created_at  TEXT NOT NULL
) STRICT;

CREATE INDEX outbox_events_order_idx ON outbox_events (order_id, created_at);

-- One message to one recipient on one channel, and where its sending stands. The worker picks
-- the due ones; a message is sent with its own idempotency key on every try.
CREATE TABLE outbox_messages (
  id               TEXT PRIMARY KEY,
  event_id         TEXT NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
  order_id         TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  recipient        TEXT NOT NULL CHECK (recipient IN ('customer', 'company')),
  channel          TEXT NOT NULL CHECK (channel IN ('whatsapp', 'sms', 'email')),
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
  state            TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'cancelled')),
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

-- The worker's question: what is due now? Only unfinished messages are in this index.
CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at)
  WHERE state IN ('pending', 'sending');
CREATE INDEX outbox_messages_order_idx ON outbox_messages (order_id, created_at);
