-- Money follows the order (docs/decisions.md D16).
--
-- `cancellation_policy` is JSON: the terms an order was booked under, copied from its catalog
-- version ({"freeHours", "lateFeePercent", "closedHours"}); null on orders placed before, which
-- read the terms of their time (orderFromStored: TERMS_BEFORE_POLICY, free until the move).
-- `refund` is JSON: what a cancelled paid order owes back and how it went back ({"amount",
-- "fee", "dueAt", "refundedAt", "how", "manual"}); null when nothing is owed. Both are read
-- through the domain's upcasters (cancellationPolicyFromStored, refundFromStored), so a field
-- added later needs no migration. `refund_due` is a value of the payment status list, which the
-- column checks for shape only (migration 020): no CHECK changes here.
--
-- The catalog's own policy is a field of each version's rates JSON (ratesFromStored reads a
-- version saved before as the default policy): nothing to add to price_catalogs.

ALTER TABLE orders ADD COLUMN cancellation_policy TEXT
  CHECK (cancellation_policy IS NULL OR json_valid(cancellation_policy));
ALTER TABLE orders ADD COLUMN refund TEXT CHECK (refund IS NULL OR json_valid(refund));

-- The office's refunds queue: the orders whose refund is due, the longest waiting first.
CREATE INDEX orders_refund_queue_idx ON orders (json_extract(refund, '$.dueAt'))
  WHERE payment_status = 'refund_due';
