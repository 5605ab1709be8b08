import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * A random secret that belongs to this database (made by a migration, or here on first use),
 * so it survives restarts and travels with a backup, and never needs configuring.
 */
export function serverSecret(db: Database.Database, name: string): string {
  const found = db
    .prepare<[string], { value: string }>('SELECT value FROM server_secrets WHERE name = ?')
    .get(name);
  if (found) return found.value;
  db.prepare('INSERT OR IGNORE INTO server_secrets (name, value) VALUES (?, ?)').run(
    name,
    randomBytes(32).toString('hex'),
  );
  return serverSecret(db, name);
}
