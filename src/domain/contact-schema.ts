import type { z } from 'zod';
import { egyptianMobile, email, object, text } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The contact form (D7). Its own module: only the contact page and the backends build it.

export const CONTACT_NAME_MAX = 80;
export const CONTACT_MESSAGE_MAX = 2000;

export const contactSchema = object({
  name: text(M.nameRequired, 1, CONTACT_NAME_MAX, M.nameTooLong, { letters: true }),
  email: email(),
  phone: egyptianMobile(M.phoneRequired),
  message: text(M.messageRequired, 1, CONTACT_MESSAGE_MAX, M.messageTooLong, { multiline: true }),
});
export type ContactInput = z.output<typeof contactSchema>;
