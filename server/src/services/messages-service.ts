import type { ContactMessage } from '../../../src/domain/contact-message.ts';
import { contactSchema } from '../../../src/domain/contact-schema.ts';
import type { MessagesRepository } from '../repositories/messages-repository.ts';

/** The contact form (D7): anyone may write, admins read. */
export class MessagesService {
  readonly #messages: MessagesRepository;

  constructor(messages: MessagesRepository) {
    this.#messages = messages;
  }

  send(body: unknown, sender: { userId: string | null; ip: string | null }): ContactMessage {
    return this.#messages.add({ ...contactSchema.parse(body), ...sender });
  }

  list(): ContactMessage[] {
    return this.#messages.list();
  }
}
