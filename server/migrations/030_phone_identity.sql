-- migration: rebuilds tables
-- Customers prove a mobile number with a one-time code (docs/decisions.md D13).
--
-- users: a customer may now be known by a verified number alone, with no email or password, so
-- the old rule "not anonymous means email and password" becomes "an account has an email (with
-- its password) or a verified number". Roles are a list that grows (crew leaders next): checked
-- here for shape only, like move types and statuses (005).
CREATE TABLE users_new (
  id                TEXT PRIMARY KEY,
  email             TEXT COLLATE NOCASE,
  password_hash     TEXT,
  role              TEXT NOT NULL DEFAULT 'customer'
                      CHECK (length(role) BETWEEN 1 AND 40 AND role NOT GLOB '*[^a-z0-9_-]*'),
  anonymous         INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1)),
  -- E.164 (+201XXXXXXXXX), set only once its owner typed a code sent to it.
  phone             TEXT CHECK (phone IS NULL OR (phone GLOB '+[1-9]*' AND length(phone) BETWEEN 8 AND 16
                                                  AND substr(phone, 2) NOT GLOB '*[^0-9]*')),
  phone_verified_at TEXT,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  CHECK (anonymous = 0 OR (email IS NULL AND password_hash IS NULL AND phone IS NULL)),
  CHECK (anonymous = 1 OR email IS NOT NULL OR phone IS NOT NULL),
  CHECK (email IS NULL OR password_hash IS NOT NULL),
  CHECK ((phone IS NULL) = (phone_verified_at IS NULL))
);

INSERT INTO users_new (id, email, password_hash, role, anonymous, phone, phone_verified_at,
                       created_at, updated_at)
  SELECT id, email, password_hash, role, anonymous, NULL, NULL, created_at, updated_at
  FROM users ORDER BY rowid;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;

CREATE UNIQUE INDEX users_email_unique ON users (email COLLATE NOCASE) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX users_phone_unique ON users (phone) WHERE phone IS NOT NULL;
CREATE INDEX users_role ON users (role);

-- One row per code sent. The code itself is never stored: only an HMAC of the challenge id and
-- the code under a key of this database ('phone-code-key'), so a copy of the file cannot be
-- turned into a sign-in. Rows are kept two days: the limits look one day back.
CREATE TABLE phone_codes (
  id           TEXT PRIMARY KEY,
  phone        TEXT NOT NULL,
  code_hash    TEXT NOT NULL,
  channel      TEXT NOT NULL CHECK (length(channel) BETWEEN 1 AND 40),
  -- The keyed hash of the client network that asked (as the order limits keep it, D8).
  address_key  TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  attempts     INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  consumed_at  INTEGER
) STRICT;

CREATE INDEX phone_codes_phone_idx ON phone_codes (phone, created_at);
CREATE INDEX phone_codes_address_idx ON phone_codes (address_key, created_at);
CREATE INDEX phone_codes_created_idx ON phone_codes (created_at);

-- Wrong codes typed, per number and per address, for the locks; kept two days as well.
CREATE TABLE phone_code_failures (
  phone        TEXT NOT NULL,
  address_key  TEXT NOT NULL,
  created_at   INTEGER NOT NULL
) STRICT;

CREATE INDEX phone_code_failures_phone_idx ON phone_code_failures (phone, created_at);
CREATE INDEX phone_code_failures_address_idx ON phone_code_failures (address_key, created_at);
CREATE INDEX phone_code_failures_created_idx ON phone_code_failures (created_at);

INSERT INTO server_secrets (name, value) VALUES ('phone-code-key', lower(hex(randomblob(32))));
