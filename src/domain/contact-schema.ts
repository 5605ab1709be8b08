import { z } from 'zod';
import { egyptianMobile, email, isBlank, object, text } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The contact form (D7). Its own module: only the contact page and the backends build it.

export const CONTACT_NAME_MAX = 80;
export const CONTACT_MESSAGE_MAX = 2000;

/** A way to reply that may be left out: blank, null or missing all mean "not given". */
function wayToReply<T extends z.ZodType>(field: T) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), field.optional());
}

/** Whether a way to reply is missing from the input as it was sent. */
const blankIn = (input: unknown, field: string) =>
  isBlank((input as Record<string, unknown>)[field]);

/**
 * Neither way to reply: one message on both fields, so the form can mark the pair. It is a
 * schema of its own beside the fields' (an object's own checks do not run once a field has
 * aborted, and a blank name would hide this until it was fixed), so an empty form is told
 * everything at once. It looks at the input as sent and adds nothing to the output.
 */
const phoneOrEmail = z.unknown().transform((input, ctx) => {
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
  if (isObject && blankIn(input, 'phone') && blankIn(input, 'email')) {
    for (const field of ['phone', 'email'] as const) {
      ctx.addIssue({ code: 'custom', path: [field], message: M.phoneOrEmailRequired });
    }
  }
  return {};
});

/**
 * Name and message are required; of the phone (an Egyptian mobile, typed in any digits) and the
 * email, one is enough and both are welcome (D7).
 */
export const contactSchema = z.intersection(
  object({
    name: text(M.nameRequired, 1, CONTACT_NAME_MAX, M.nameTooLong, { letters: true }),
    phone: wayToReply(egyptianMobile(M.phoneRequired)),
    email: wayToReply(email()),
    message: text(M.messageRequired, 1, CONTACT_MESSAGE_MAX, M.messageTooLong, {
      multiline: true,
    }),
  }),
  phoneOrEmail,
);
export type ContactInput = z.output<typeof contactSchema>;
