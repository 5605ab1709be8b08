import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { contactMessageOf, type ContactMessage } from '../../../src/domain/contact-message.ts';
import type { ContactInput } from '../../../src/domain/contact-schema.ts';

interface MessageRow {
  id: string;
  name: string;
  /** NULL when the sender gave only the other way to reply (migration 013). */
  email: string | null;
  phone: string | null;
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
    const message = contactMessageOf({
      id: randomUUID(),
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      createdAt: now.toISOString(),
    });
    this.#insert.run(
      message.id,
      message.name,
      message.email,
      message.phone,
      message.message,
      input.userId,
      input.ip,
      message.createdAt,
    );
    return message;
  }

  /** Newest first. The sender's address and session stay in the database, out of the admin list. */
  list(limit = 500): ContactMessage[] {
    return this.#list.all(limit).map((row) =>
      contactMessageOf({
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        message: row.message,
        createdAt: row.created_at,
      }),
    );
  }

  count(): number {
    return this.#count.get()?.n ?? 0;
  }
}
