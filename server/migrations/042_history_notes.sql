-- An order's history says more than the status it reached (docs/decisions.md D17): an admin's
-- going back (un-cancel, reopen) with its reason, and a reschedule with the date, time and window
-- before and after. Entries written before have none of these and read back as plain status
-- changes (orderFromStored, through statusChangeFromStored).
--
-- `kind` is a domain list ('uncancelled', 'reopened', 'rescheduled'): checked for shape only,
-- like `status` and `actor` (D15). `moved` is JSON: {"from": slot, "to": slot}, a slot being
-- {"date", "time", "window": {"id", "start", "end"} | null}.

ALTER TABLE order_status_history ADD COLUMN kind TEXT
  CHECK (kind IS NULL OR (length(kind) BETWEEN 1 AND 40 AND kind NOT GLOB '*[^a-z0-9_-]*'));
ALTER TABLE order_status_history ADD COLUMN reason TEXT
  CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 2000);
ALTER TABLE order_status_history ADD COLUMN moved TEXT
  CHECK (moved IS NULL OR json_valid(moved));
