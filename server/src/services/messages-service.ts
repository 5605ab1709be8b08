import {
  decideMessageHandled,
  type ContactMessage,
  type MessageState,
} from '../../../src/domain/contact-message.ts';
import { contactSchema } from '../../../src/domain/contact-schema.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { MessagesRepository } from '../repositories/messages-repository.ts';

/** The contact form (D7): anyone may write, admins read and mark them handled (D20). */
export class MessagesService {
  readonly #messages: MessagesRepository;
  readonly #events: DomainEvents | null;

  constructor(messages: MessagesRepository, events: DomainEvents | null = null) {
    this.#messages = messages;
    this.#events = events;
  }

  send(body: unknown, sender: { userId: string | null; ip: string | null }): ContactMessage {
    const message = this.#messages.add({ ...contactSchema.parse(body), ...sender });
    // The open desks hear of it (the admin desk's stream), after it is stored.
    this.#events?.publish({ type: 'contactMessage.changed', message });
    return message;
  }

  list(state: MessageState = 'all'): ContactMessage[] {
    return this.#messages.list(state);
  }

  unhandledCount(): number {
    return this.#messages.unhandledCount();
  }

  /**
   * An admin marks a message handled or not (D20): decided by the domain on the message as
   * stored, stored, and told to the open desks when it changed. Throws `not-found`.
   */
  setHandled(
    id: string,
    handled: boolean,
    admin: { id: string; email: string | null },
    now: Date = new Date(),
  ): ContactMessage {
    const before = this.#messages.findById(id);
    const decision = decideMessageHandled(before, handled, admin, now.toISOString());
    // decideMessageHandled refused a missing message.
    const message: ContactMessage = { ...before!, handled: decision.handled };
    if (decision.changed) {
      this.#messages.setHandled(id, decision.handled, admin.id);
      this.#events?.publish({ type: 'contactMessage.changed', message });
    }
    return message;
  }
}
