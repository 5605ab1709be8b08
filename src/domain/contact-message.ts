// A contact message as admins list it (D7), and the one step every backend reads a stored
// message through. No zod here: the admin's list and the backends' readers need no schema.
import { RuleViolation } from './errors';
import { isMissing, StoredDataError } from './stored';

/** Who marked a message handled, and when (D20). */
export interface MessageHandled {
  /** ISO instant. */
  at: string;
  /** The admin's email as it was then; null when the backend did not know it. */
  by: string | null;
}

/**
 * A stored contact message. The sender gave a phone number, an email or both (D7): the one not
 * given is `null` on every backend, never an empty string or a missing key. `handled` is null
 * until an admin marks the message handled, and again after one marks it not handled (D20).
 */
export interface ContactMessage {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
  createdAt: string;
  handled: MessageHandled | null;
}

/** How a message was stored, whatever the backend and whenever it was written. */
export interface StoredContactMessage {
  id: string;
  name: string;
  email?: unknown;
  phone?: unknown;
  message: string;
  createdAt: string;
  /** ISO instant; missing or null: not handled (every message from before D20). */
  handledAt?: unknown;
  handledBy?: unknown;
}

const given = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function handledOf(stored: StoredContactMessage): MessageHandled | null {
  if (isMissing(stored.handledAt)) return null;
  if (typeof stored.handledAt !== 'string' || Number.isNaN(Date.parse(stored.handledAt))) {
    throw new StoredDataError('contact message', 'handledAt', 'is not an instant');
  }
  if (!isMissing(stored.handledBy) && typeof stored.handledBy !== 'string') {
    throw new StoredDataError('contact message', 'handledBy', 'is not a string');
  }
  return { at: stored.handledAt, by: given(stored.handledBy) };
}

/**
 * A stored message as the domain's `ContactMessage`: the one step every backend reads messages
 * through. Messages written when the form asked for both hold both and read back unchanged; a
 * later one's way to reply not given reads back as `null`, whether its store kept a null, an
 * empty string or no field at all. A message stored before it could be handled reads as not
 * handled; one whose handling is not an instant is broken data (StoredDataError).
 */
export function contactMessageOf(stored: StoredContactMessage): ContactMessage {
  return {
    id: stored.id,
    name: stored.name,
    email: given(stored.email),
    phone: given(stored.phone),
    message: stored.message,
    createdAt: stored.createdAt,
    handled: handledOf(stored),
  };
}

// ---------------------------------------------------------------------------------------------
// The desk's messages (D20)

/** Which messages the desk lists: all, the ones still to answer, the ones answered. */
export const MESSAGE_STATES = ['all', 'unhandled', 'handled'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export function isMessageState(value: unknown): value is MessageState {
  return typeof value === 'string' && (MESSAGE_STATES as readonly string[]).includes(value);
}

export function matchesMessageState(message: ContactMessage, state: MessageState): boolean {
  if (state === 'all') return true;
  return (message.handled !== null) === (state === 'handled');
}

/** The most messages the desk lists at once, newest first (every backend). */
export const MESSAGES_LIMIT = 500;

export const CONTACT_MESSAGE_ERRORS = {
  notFound: 'errors:contactMessages.notFound',
} as const;

/** What marking a message handled or not stores. */
export interface HandledDecision {
  handled: MessageHandled | null;
  /** False when the message already was so: nothing to write, nothing to announce. */
  changed: boolean;
}

/**
 * An admin marks a message handled (`handled: true`) or not: handled records who and when, and
 * marking it again keeps the first record (two admins answering one message see who was first);
 * not handled clears it. Throws `not-found` for no message. The server's messages service, the
 * functions' `markMessageHandled` and the memory adapter store what it returns.
 */
export function decideMessageHandled(
  message: Pick<ContactMessage, 'handled'> | null,
  handled: boolean,
  by: { email: string | null },
  at: string,
): HandledDecision {
  if (!message) throw new RuleViolation('not-found', CONTACT_MESSAGE_ERRORS.notFound);
  if (handled === (message.handled !== null)) {
    return { handled: message.handled, changed: false };
  }
  return { handled: handled ? { at, by: by.email } : null, changed: true };
}

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/gu;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/gu;

/**
 * The language a message is written in, for the greeting of a reply (D20): Arabic when it has
 * at least as many Arabic letters as Latin ones (the default of the product, and of a message of
 * digits only), English otherwise. The form's page language says less: Egyptians write Arabic
 * on the English page and Franco-Arabic on the Arabic one.
 */
export function messageLanguage(message: Pick<ContactMessage, 'message'>): 'ar' | 'en' {
  const arabic = message.message.match(ARABIC_LETTER)?.length ?? 0;
  const latin = message.message.match(LATIN_LETTER)?.length ?? 0;
  return latin > arabic ? 'en' : 'ar';
}
