import type { FastifyInstance } from 'fastify';
import { addressKey } from '../../plugins/client-address.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { endSession, startSession, toCurrentUser } from '../../plugins/sessions.ts';
import { serverSecret } from '../../repositories/secrets-repository.ts';
import { phoneChallengeResponse, userResponse } from './response-schemas.ts';

/**
 * Signing in with a mobile number (D13): ask for a code, then type it. The rules are the
 * domain's (src/domain/phone-verification.ts) through the phone-auth service; besides them,
 * each address gets a plain request budget here, before any database work.
 */
export async function phoneAuthRoutes(app: FastifyInstance): Promise<void> {
  const secret = serverSecret(app.db, 'address-key');

  app.post(
    '/auth/phone/code',
    { config: { rateLimit: RATE_LIMITS.phoneCode }, schema: { response: phoneChallengeResponse } },
    async (request) => ({
      challenge: await app.services.phoneAuth.requestCode(
        request.body,
        addressKey(secret, request.ip),
      ),
    }),
  );

  app.post(
    '/auth/phone/verify',
    { config: { rateLimit: RATE_LIMITS.phoneVerify }, schema: { response: userResponse } },
    async (request, reply) => {
      const current = request.auth?.user ?? null;
      const session = app.services.phoneAuth.verify(
        request.body,
        addressKey(secret, request.ip),
        current,
        (userId) => {
          // A new session id for the signed-in number: one planted before is worth nothing.
          endSession(request, reply);
          return startSession(reply, userId);
        },
      );
      return { user: toCurrentUser(session.user) };
    },
  );
}
