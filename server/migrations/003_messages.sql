-- Contact form messages (docs/decisions.md D7), listed for admins newest first.
CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  -- Normalised 01XXXXXXXXX.
  phone TEXT NOT NULL,
  message TEXT NOT NULL,
  -- The sender's session, when they had one; the message outlives a deleted account.
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  -- Kept for abuse review (who is flooding the form), never shown to customers.
  ip TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX messages_created ON messages (created_at DESC);
