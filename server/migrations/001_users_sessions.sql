-- Accounts and browser sessions (docs/decisions.md D2).
-- Every visitor has a user row: anonymous ones have no email or password until they sign up,
-- which upgrades the same row so the orders they placed stay theirs.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  -- Stored lower-cased and trimmed; NOCASE keeps the unique index safe even if one is not.
  email TEXT COLLATE NOCASE,
  -- scrypt$N$r$p$salt$hash (base64), see server/src/auth/passwords.ts.
  password_hash TEXT,
  role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
  anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (
    (anonymous = 1 AND email IS NULL AND password_hash IS NULL AND role = 'customer')
    OR (anonymous = 0 AND email IS NOT NULL AND password_hash IS NOT NULL)
  )
);

CREATE UNIQUE INDEX users_email_unique ON users (email COLLATE NOCASE) WHERE email IS NOT NULL;
CREATE INDEX users_role ON users (role);

-- The cookie carries a random token; only its SHA-256 is stored, so a copy of the database
-- (a backup, a leaked file) cannot be turned into a signed-in browser.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);

CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
