import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  contactMessageOf,
  MESSAGES_LIMIT,
  type ContactMessage,
  type MessageHandled,
  type MessageState,
} from '../../../src/domain/contact-message.ts';
import type { ContactInput } from '../../../src/domain/contact-schema.ts';

interface MessageRow {
  id: string;
  name: string;
  /** NULL when the sender gave only the other way to reply (migration 013). */
  email: string | null;
  phone: string | null;
  message: string;
  created_at: string;
  /** NULL until an admin marks it handled (migration 045, D20). */
  handled_at: string | null;
  handled_by: string | null;
}

export type NewMessageRecord = ContactInput & { userId: string | null; ip: string | null };

const COLUMNS = 'id, name, email, phone, message, created_at, handled_at, handled_by';
const NEWEST_FIRST = 'ORDER BY created_at DESC, rowid DESC LIMIT ?';

/** The one step a row takes to the domain's message: its upcaster (D15). */
function toMessage(row: MessageRow): ContactMessage {
  return contactMessageOf({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.created_at,
    handledAt: row.handled_at,
    handledBy: row.handled_by,
  });
}

/** Contact form messages (D7, D20). One instance per app: the statements are prepared once. */
export class MessagesRepository {
  readonly #insert: Database.Statement;
  readonly #list: Record<MessageState, Database.Statement<[number], MessageRow>>;
  readonly #byId: Database.Statement<[string], MessageRow>;
  readonly #setHandled: Database.Statement<[string | null, string | null, string | null, string]>;
  readonly #count: Database.Statement<[], { n: number }>;
  readonly #unhandled: Database.Statement<[], { n: number }>;

  constructor(db: Database.Database) {
    this.#insert = db.prepare(
      `INSERT INTO messages (id, name, email, phone, message, user_id, ip, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const list = (where: string) =>
      db.prepare<[number], MessageRow>(`SELECT ${COLUMNS} FROM messages ${where} ${NEWEST_FIRST}`);
    this.#list = {
      all: list(''),
      // messages_unhandled, a partial index on created_at, serves this one and its count.
      unhandled: list('WHERE handled_at IS NULL'),
      handled: list('WHERE handled_at IS NOT NULL'),
    };
    this.#byId = db.prepare<[string], MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE id = ?`);
    this.#setHandled = db.prepare(
      `UPDATE messages SET handled_at = ?, handled_by = ?, handled_by_user_id = ? WHERE id = ?`,
    );
    this.#count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM messages');
    this.#unhandled = db.prepare<[], { n: number }>(
      'SELECT COUNT(*) AS n FROM messages WHERE handled_at IS NULL',
    );
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
  list(state: MessageState = 'all', limit = MESSAGES_LIMIT): ContactMessage[] {
    return this.#list[state].all(limit).map(toMessage);
  }

  findById(id: string): ContactMessage | null {
    const row = this.#byId.get(id);
    return row ? toMessage(row) : null;
  }

  /** Stores what decideMessageHandled decided: who and when, or null for not handled. */
  setHandled(id: string, handled: MessageHandled | null, byUserId: string | null): void {
    this.#setHandled.run(
      handled?.at ?? null,
      handled?.by ?? null,
      handled === null ? null : byUserId,
      id,
    );
  }

  count(): number {
    return this.#count.get()?.n ?? 0;
  }

  /** Messages no admin has marked handled (the desk's count, D20). */
  unhandledCount(): number {
    return this.#unhandled.get()?.n ?? 0;
  }
}
