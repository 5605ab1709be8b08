import type { FastifyInstance } from 'fastify';
import { loginSchema, signupSchema } from '../../../../src/domain/auth-schemas.ts';
import { ordersMovedOnSignIn } from '../../../../src/domain/users.ts';
import { burnVerification, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { ScryptCost } from '../../auth/passwords.ts';
import { HttpError } from '../../errors.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { endSession, startSession, toCurrentUser } from '../../plugins/sessions.ts';
import {
  createAnonymousUser,
  createUser,
  findUserByEmail,
  isUniqueViolation,
  moveOrders,
  upgradeAnonymousUser,
} from '../../repositories/users-repository.ts';
import type { UserRecord } from '../../repositories/users-repository.ts';

const emailTaken = () => new HttpError(409, 'already-exists', 'auth:emailTaken');
const invalidCredentials = () => new HttpError(401, 'unauthenticated', 'auth:invalidCredentials');

export interface AuthRoutesOptions {
  /** What new passwords are hashed at; PASSWORD_COST unless a test lowers it. */
  passwordCost?: ScryptCost;
}

/** Sign-in, sign-up, anonymous sessions, sign-out and "who am I" (D2). */
export async function authRoutes(
  app: FastifyInstance,
  { passwordCost }: AuthRoutesOptions = {},
): Promise<void> {
  const { db } = app;

  app.post(
    '/auth/anonymous',
    { config: { rateLimit: RATE_LIMITS.anonymous } },
    async (request, reply) => {
      // A second tab or a retry must not mint a second visitor and split their orders.
      if (request.auth) return { user: toCurrentUser(request.auth.user) };
      // A provisional session (D8): a day long until the visitor writes something, and one of
      // at most MAX_UNUSED_SESSIONS. Making room for it may delete the oldest unused visitors,
      // in the same transaction as this one's user and session.
      const session = db.transaction(() => startSession(reply, createAnonymousUser(db).id))();
      return { user: toCurrentUser(session.user) };
    },
  );

  app.post(
    '/auth/signup',
    { config: { rateLimit: RATE_LIMITS.signup } },
    async (request, reply) => {
      const input = signupSchema.parse(request.body ?? {});
      if (findUserByEmail(db, input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password, passwordCost);

      const previous = request.auth;
      let session;
      try {
        session = db.transaction(() => {
          // The visitor's anonymous row becomes the account, so orders placed before signing up
          // stay theirs without being copied.
          let user: UserRecord | null = null;
          // A customer known by a proved number alone (D13) gets the email on the same row too.
          if (previous && previous.user.email === null) {
            user = upgradeAnonymousUser(db, previous.user.id, { email: input.email, passwordHash });
          }
          user ??= createUser(db, { email: input.email, passwordHash });
          // A new session id after a privilege change, so a session id planted before sign-up
          // (fixation) is worth nothing afterwards.
          endSession(request, reply);
          return startSession(reply, user.id);
        })();
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return reply.code(201).send({ user: toCurrentUser(session.user) });
    },
  );

  app.post('/auth/login', { config: { rateLimit: RATE_LIMITS.login } }, async (request, reply) => {
    const input = loginSchema.parse(request.body ?? {});
    const user = findUserByEmail(db, input.email);
    const ok =
      user?.passwordHash != null
        ? await verifyPassword(input.password, user.passwordHash)
        : await burnVerification(input.password, passwordCost);
    if (!user || !ok) throw invalidCredentials();

    const previous = request.auth;
    const session = db.transaction(() => {
      // Orders placed anonymously in this browser before signing in belong to the account now.
      const movedFrom = ordersMovedOnSignIn(previous?.user ?? null, user.id);
      if (movedFrom !== null) moveOrders(db, movedFrom, user.id);
      endSession(request, reply);
      return startSession(reply, user.id);
    })();
    return { user: toCurrentUser(session.user) };
  });

  app.post('/auth/logout', async (request, reply) => {
    endSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/auth/me', async (request) => ({
    user: request.auth ? toCurrentUser(request.auth.user) : null,
  }));
}
