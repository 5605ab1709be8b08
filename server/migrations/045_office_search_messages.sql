-- The office's tools (docs/decisions.md D20).
--
-- 1. The admin's search ignores how Arabic is typed: each order keeps its name, number and phone
--    normalised by the domain (orderSearchText, src/domain/order-query.ts) in `search_text`, and
--    the version of those rules in `search_version`. SQL cannot run the domain's normaliser, so
--    this file adds the columns empty (version 0) and the orders repository fills every row whose
--    version is not the current one when it starts (an index finds them at once): the rows there
--    before this migration, rows an older version of the server wrote after a rollback, and every
--    row again when the rules change. New orders are written with it.
--    The search looks for text anywhere in it ("رحمن" in "عبدالرحمن", "5678" in a phone), which
--    no b-tree index can serve; an FTS5 trigram index can: `order_search` indexes `search_text`
--    and answers LIKE '%…%' with three characters or more from the index (shorter ones scan it).
--    It holds no copy of the text (content='orders'): the triggers keep it in step with every
--    write of the column, whoever makes it. It is keyed by the orders' rowid, so a migration that
--    rebuilds `orders` must create these triggers again and end with
--    INSERT INTO order_search (order_search) VALUES ('rebuild').
ALTER TABLE orders ADD COLUMN search_text TEXT;
ALTER TABLE orders ADD COLUMN search_version INTEGER NOT NULL DEFAULT 0;
CREATE INDEX orders_search_version_idx ON orders (search_version);

CREATE VIRTUAL TABLE order_search USING fts5 (
  search_text,
  content = 'orders',
  content_rowid = 'rowid',
  tokenize = 'trigram'
);

CREATE TRIGGER order_search_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_search (rowid, search_text) VALUES (new.rowid, new.search_text);
END;

CREATE TRIGGER order_search_delete AFTER DELETE ON orders BEGIN
  INSERT INTO order_search (order_search, rowid, search_text)
    VALUES ('delete', old.rowid, old.search_text);
END;

CREATE TRIGGER order_search_update AFTER UPDATE OF search_text ON orders BEGIN
  INSERT INTO order_search (order_search, rowid, search_text)
    VALUES ('delete', old.rowid, old.search_text);
  INSERT INTO order_search (rowid, search_text) VALUES (new.rowid, new.search_text);
END;

-- Every order already there gets its (empty) entry, which the triggers' 'delete' then finds when
-- the repository writes its text: FTS5 calls deleting an entry it never had a corrupt index.
INSERT INTO order_search (order_search) VALUES ('rebuild');

-- 2. A contact message is handled or not, with who marked it and when: NULL until an admin
--    does (every message before this reads as not handled), and NULL again when one marks it
--    not handled. `handled_by` is the admin's email as it was then, shown on the desk; the user
--    row may go, the record of who it was stays.
ALTER TABLE messages ADD COLUMN handled_at TEXT;
ALTER TABLE messages ADD COLUMN handled_by TEXT;
ALTER TABLE messages ADD COLUMN handled_by_user_id TEXT REFERENCES users (id) ON DELETE SET NULL;
-- The desk's "not handled" list and its count, newest first, without reading handled ones.
CREATE INDEX messages_unhandled ON messages (created_at DESC) WHERE handled_at IS NULL;
CREATE INDEX messages_handled_by_user ON messages (handled_by_user_id);
