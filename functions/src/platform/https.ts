// The gateway's callback as an HTTPS function (not a callable: Paymob posts plain JSON, with no
// Firebase token). Its answer is the handler's; anything unexpected is logged and answered 500,
// so the gateway tries again later.
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

export function httpsEndpoint(name: string, handler: HttpHandler) {
  return onRequest({ region: REGION, secrets: PAYMOB_SECRETS }, async (request, response) => {
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
  });
}
