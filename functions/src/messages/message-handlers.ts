// The contact form (D7): anyone with a session (anonymous is enough) writes, limited per user and
// per App Check token; admins read the messages straight from Firestore.
import { contactSchema } from '../../../src/domain/contact-schema.ts';
import { requireCaller, type CallContext } from '../platform/context.ts';
import type { Settings } from '../platform/settings.ts';
import { parseOrRefuse } from '../shared/input.ts';
import { limitsFor } from '../shared/limits.ts';
import type { MessageRepository } from './message-repository.ts';

export interface MessageDeps {
  messages: MessageRepository;
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
