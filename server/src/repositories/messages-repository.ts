import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ContactInput, ContactMessage } from '../../../src/domain/contact-schema.ts';

interface MessageRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
}

export type NewMessageRecord = ContactInput & { userId: string | null; ip: string | null };

/** Contact form messages (D7). One instance per app: the statements are prepared once. */
export class MessagesRepository {
  readonly #insert: Database.Statement;
  readonly #list: Database.Statement<[number], MessageRow>;
  readonly #count: Database.Statement<[], { n: number }>;

  constructor(db: Database.Database) {
    this.#insert = db.prepare(
      `INSERT INTO messages (id, name, email, phone, message, user_id, ip, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#list = db.prepare<[number], MessageRow>(
      `SELECT id, name, email, phone, message, created_at FROM messages
       ORDER BY created_at DESC, rowid DESC LIMIT ?`,
    );
    this.#count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM messages');
  }

  add(input: NewMessageRecord, now: Date = new Date()): ContactMessage {
    const id = randomUUID();
    const createdAt = now.toISOString();
    this.#insert.run(
      id,
      input.name,
      input.email,
      input.phone,
      input.message,
      input.userId,
      input.ip,
      createdAt,
    );
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
  list(limit = 500): ContactMessage[] {
    return this.#list.all(limit).map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      createdAt: row.created_at,
    }));
  }

  count(): number {
    return this.#count.get()?.n ?? 0;
  }
}
