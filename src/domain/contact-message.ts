// A contact message as admins list it (D7), and the one step every backend reads a stored
// message through. No zod here: the admin's list and the backends' readers need no schema.

/**
 * A stored contact message. The sender gave a phone number, an email or both (D7): the one not
 * given is `null` on every backend, never an empty string or a missing key.
 */
export interface ContactMessage {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
  createdAt: string;
}

/** How a message was stored, whatever the backend and whenever it was written. */
export interface StoredContactMessage {
  id: string;
  name: string;
  email?: unknown;
  phone?: unknown;
  message: string;
  createdAt: string;
}

const given = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * A stored message as the domain's `ContactMessage`: the one step every backend reads messages
 * through. Messages written when the form asked for both hold both and read back unchanged; a
 * later one's way to reply not given reads back as `null`, whether its store kept a null, an
 * empty string or no field at all.
 */
export function contactMessageOf(stored: StoredContactMessage): ContactMessage {
  return {
    id: stored.id,
    name: stored.name,
    email: given(stored.email),
    phone: given(stored.phone),
    message: stored.message,
    createdAt: stored.createdAt,
  };
}
