// The gateway's callback as an HTTPS function (not a callable: Paymob posts plain JSON, with no
// Firebase token). Its answer is the handler's; anything unexpected is logged and answered 500,
// so the gateway tries again later. No function sees a client address it can trust (D2), so
// there is no per-address limit here as on the server (D18): a forged callback costs one
// invocation and an HMAC, no Firestore read (the signed fields and the signature are checked
// first), refusals are counted per instance rather than logged one by one, and the instances
// are capped, which caps what a flood can cost. What sits in front (Google's front end, Cloud
// Armor if the project adds it) only a real project shows.
import { error as logError } from 'firebase-functions/logger';
import { onRequest } from 'firebase-functions/v2/https';
import type { HttpOutcome } from '../payments/payment-handlers.ts';
import type { Deps } from '../handlers.ts';
import { deps } from './callable.ts';
import { PAYMOB_SECRETS, REGION } from './params.ts';

export type HttpHandler = (
  /** `path`: the address it was posted to (the site's, through Hosting's rewrite). */
  request: { query: unknown; body: unknown; path: string },
  deps: Deps,
  now: Date,
) => Promise<HttpOutcome>;

/** A flood of forged callbacks runs at most this many instances (a shop needs one). */
export const CALLBACK_MAX_INSTANCES = 10;

export function httpsEndpoint(name: string, handler: HttpHandler) {
  return onRequest(
    { region: REGION, secrets: PAYMOB_SECRETS, maxInstances: CALLBACK_MAX_INSTANCES },
    async (request, response) => {
      if (request.method !== 'POST') {
        response.status(405).json({ error: { code: 'invalid-argument', message: 'POST only' } });
        return;
      }
      try {
        const outcome = await handler(
          { query: request.query, body: request.body as unknown, path: request.path },
          deps(),
          new Date(),
        );
        response.status(outcome.status).json(outcome.body);
      } catch (error) {
        logError(`${name} failed`, error);
        response.status(500).json({ error: { code: 'internal', message: 'errors:internal' } });
      }
    },
  );
}
