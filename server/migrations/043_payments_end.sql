-- migration: rebuilds tables
-- Payments that always end (docs/decisions.md D18).
--
-- 1. Who wrote a payment-history entry is a list that grows (D15): this system now refunds an
--    extra payment and ends an abandoned try on its own (`system`), beside the customer, an
--    admin and the provider. The actor is checked for shape only; the domain checks every write
--    (src/domain/payments.ts, PAYMENT_EVENT_ACTORS) and reads every row back through
--    paymentEventFromStored, which keeps a value it does not know. SQLite cannot change a CHECK
--    in place, so the table is rebuilt with the same columns (named: db.ts), rows and indexes.
--    One outcome per transaction and kind stays unique, except refused refunds: an automatic
--    refund of an extra payment may be refused more than once, each time recorded.
CREATE TABLE payment_events_new (
  id              TEXT PRIMARY KEY,
  order_id        TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  attempt_id      TEXT REFERENCES payment_attempts (id) ON DELETE CASCADE,
  kind            TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40 AND kind NOT GLOB '*[^a-zA-Z0-9_-]*'),
  -- A domain list value: 'customer', 'admin', 'provider', 'system'.
  actor           TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 40 AND actor NOT GLOB '*[^a-z0-9_-]*'),
  actor_user_id   TEXT REFERENCES users (id) ON DELETE SET NULL,
  transaction_id  TEXT CHECK (transaction_id IS NULL OR length(transaction_id) <= 100),
  amount_cents    INTEGER CHECK (amount_cents IS NULL OR amount_cents >= 0),
  detail          TEXT CHECK (detail IS NULL OR length(detail) <= 300),
  at              TEXT NOT NULL
) STRICT;

INSERT INTO payment_events_new (
  id, order_id, attempt_id, kind, actor, actor_user_id, transaction_id, amount_cents, detail, at
)
SELECT id, order_id, attempt_id, kind, actor, actor_user_id, transaction_id, amount_cents, detail, at
FROM payment_events ORDER BY rowid;
DROP TABLE payment_events;
ALTER TABLE payment_events_new RENAME TO payment_events;

CREATE INDEX payment_events_order_idx ON payment_events (order_id, at);
-- 021's: deleting a user finds their entries without reading the table. A database may run this
-- before 021 (db.ts: numbers merge in any order); 021 then finds it made (IF NOT EXISTS there).
CREATE INDEX IF NOT EXISTS payment_events_actor_idx ON payment_events (actor_user_id);
CREATE UNIQUE INDEX payment_events_transaction_idx
  ON payment_events (order_id, kind, transaction_id)
  WHERE transaction_id IS NOT NULL AND kind <> 'reverseFailed';

-- 2. When the provider was last asked about a try (its transaction inquiry). NULL: never.
ALTER TABLE payment_attempts ADD COLUMN checked_at TEXT;

-- 3. When an order's payments next need this server (an undecided try to ask about, an extra
--    payment to refund): paymentWorkDueAt (src/domain/payments.ts) of its tries and history,
--    rewritten with every payment change; the reconciler asks for rows whose time has come. An
--    order with nothing to do has no row.
CREATE TABLE payment_work (
  order_id  TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  due_at    TEXT NOT NULL
) STRICT;
CREATE INDEX payment_work_due_idx ON payment_work (due_at);

-- Tries still undecided when this runs are looked at by the first round, which judges them with
-- the domain's rule and writes their next time (or none).
INSERT INTO payment_work (order_id, due_at)
SELECT order_id, min(updated_at) FROM payment_attempts
WHERE state IN ('awaiting', 'pending') AND provider_order_id IS NOT NULL
GROUP BY order_id;
