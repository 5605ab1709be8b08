import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ContactMessage } from '../../../src/domain/schemas.ts';
import type { ContactInput } from '../../../src/domain/schemas.ts';

interface MessageRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
}

export function insertMessage(
  db: Database.Database,
  input: ContactInput & { userId: string | null; ip: string | null },
): ContactMessage {
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  db.prepare(
    `INSERT INTO messages (id, name, email, phone, message, user_id, ip, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, input.name, input.email, input.phone, input.message, input.userId, input.ip, createdAt);
  return {
    id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    createdAt,
  };
}

/** Newest first. The sender's address and session stay in the database, out of the admin list. */
export function listMessages(db: Database.Database, limit = 500): ContactMessage[] {
  return db
    .prepare<[number], MessageRow>(
      `SELECT id, name, email, phone, message, created_at FROM messages
       ORDER BY created_at DESC, rowid DESC LIMIT ?`,
    )
    .all(limit)
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      createdAt: row.created_at,
    }));
}

export function countMessages(db: Database.Database): number {
  return db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM messages').get()?.n ?? 0;
}
