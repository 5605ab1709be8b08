-- migration: rebuilds tables
-- The contact form asks for a phone number or an email, either one being enough (D7): the one
-- not given is NULL. SQLite cannot drop a NOT NULL in place, so the table is rebuilt with the
-- same columns, rows (rowid kept: the admin list breaks ties of created_at with it) and index.
-- Rows written before this hold both and are copied unchanged.
CREATE TABLE messages_new (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- Lower case; NULL when the sender gave only a phone number.
  email TEXT,
  -- Normalised 01XXXXXXXXX; NULL when the sender gave only an email.
  phone TEXT,
  message TEXT NOT NULL,
  -- The sender's session, when they had one; the message outlives a deleted account.
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  -- Kept for abuse review (who is flooding the form), never shown to customers.
  ip TEXT,
  created_at TEXT NOT NULL,
  -- A message nobody can answer is not one: at least one way to reply.
  CHECK (email IS NOT NULL OR phone IS NOT NULL)
);

INSERT INTO messages_new (rowid, id, name, email, phone, message, user_id, ip, created_at)
  SELECT rowid, id, name, email, phone, message, user_id, ip, created_at FROM messages;
DROP TABLE messages;
ALTER TABLE messages_new RENAME TO messages;

CREATE INDEX messages_created ON messages (created_at DESC);
