// The contact form (D7): anyone with a session (anonymous is enough) writes, limited per user and
// per App Check token; admins read the messages straight from Firestore, and mark them handled
// or not here (D20).
import { contactSchema } from '../../../src/domain/contact-schema.ts';
import type { ContactMessage } from '../../../src/domain/contact-message.ts';
import { z } from 'zod';
import {
  requireAdmin,
  requireCaller,
  type AdminDirectory,
  type CallContext,
} from '../platform/context.ts';
import type { Settings } from '../platform/settings.ts';
import { parseOrRefuse } from '../shared/input.ts';
import { limitsFor } from '../shared/limits.ts';
import type { MessageRepository } from './message-repository.ts';

export interface MessageDeps {
  messages: MessageRepository;
  admins: AdminDirectory;
  settings: Settings;
}

export async function sendMessage(
  ctx: CallContext,
  data: unknown,
  deps: MessageDeps,
): Promise<{ sent: true }> {
  const caller = requireCaller(ctx);
  const input = parseOrRefuse(contactSchema, data);
  const limits = limitsFor(
    'message',
    { uid: caller.uid, appKey: ctx.appKey },
    { user: deps.settings.limits.messages, app: deps.settings.limits.messages },
    'errors:rateLimited',
  );
  await deps.messages.add({ ...input, userId: caller.uid }, { now: ctx.now, limits });
  return { sent: true };
}

const INVALID = 'validation:common.invalid';
const handledInput = z.object(
  {
    id: z.string({ error: INVALID }).min(1, INVALID).max(200, INVALID),
    handled: z.boolean({ error: INVALID }),
  },
  { error: INVALID },
);

/**
 * An admin marks a message handled (who and when; marking it again keeps the first) or not
 * (D20): decideMessageHandled on the message as stored, in one transaction. The desk hears of
 * it through its Firestore listener on the messages' `updatedAt`.
 */
export async function markMessageHandled(
  ctx: CallContext,
  data: unknown,
  deps: MessageDeps,
): Promise<ContactMessage> {
  const caller = await requireAdmin(ctx, deps.admins);
  const { id, handled } = parseOrRefuse(handledInput, data);
  return deps.messages.setHandled(id, handled, { uid: caller.uid, email: caller.email }, ctx.now);
}
