import { hash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../src/domain/users.ts';
import { HttpError } from '../errors.ts';
import {
  createSession,
  deleteEndedSessions,
  extendSession,
  findSessionByTokenHash,
  revokeSession,
} from '../repositories/sessions-repository.ts';
import { findUserById } from '../repositories/users-repository.ts';
import type { ServerEnv } from './env.ts';
import { isApiPath } from './errors.ts';

export const SESSION_COOKIE = 'afsh_session';

const DAY_MS = 24 * 60 * 60 * 1000;
// 32 random bytes in base64url; anything else in the cookie is not ours.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
// Ended sessions stay this long so a replayed cookie is seen as revoked, then they are deleted.
const KEEP_ENDED_MS = 7 * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface AuthUser {
  id: string;
  email: string | null;
  role: 'customer' | 'admin';
  anonymous: boolean;
  /** The verified mobile number (E.164, D13), or null. */
  phone: string | null;
}

export interface AuthSession {
  sessionId: string;
  user: AuthUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in (possibly anonymous) user of this request, or null without a valid session. */
    auth: AuthSession | null;
  }
}

export function hashToken(token: string): string {
  // One-shot hash: no Hash object per request (this runs on every /api request with a cookie).
  return hash('sha256', token, 'hex');
}

function ttlMs(env: Pick<ServerEnv, 'SESSION_TTL_DAYS'>): number {
  return env.SESSION_TTL_DAYS * DAY_MS;
}

function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // request.protocol is https only on a TLS socket or, with TRUST_PROXY, X-Forwarded-Proto.
    secure: request.protocol === 'https',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

function setSessionCookie(reply: FastifyReply, token: string): void {
  const maxAge = Math.floor(ttlMs(reply.server.config) / 1000);
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(reply.request, maxAge));
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/** The 401 every route that needs a session answers without one. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new HttpError(401, 'unauthenticated', 'errors:unauthenticated');
  return request.auth.user;
}

/** 401 without a session, 403 for a session that is not an admin's. */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.role !== 'admin')
    throw new HttpError(403, 'permission-denied', 'errors:permissionDenied');
  return user;
}

/**
 * Route-group guards, added once as a preHandler hook to an encapsulated group of routes rather
 * than called in every handler: `group.addHook('preHandler', userRequired)`.
 */
export async function userRequired(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

export async function adminRequired(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

/** The user of a request in a group guarded by userRequired or adminRequired. */
export function userOf(request: FastifyRequest): AuthUser {
  return requireUser(request);
}

export function toCurrentUser(user: AuthUser): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    anonymous: user.anonymous,
    isAdmin: user.role === 'admin',
  };
}

/**
 * Starts a new session for `userId` (sign-in, sign-up, anonymous): a fresh random token in the
 * cookie, its hash in the database, and `request.auth` set for the rest of this request.
 * Callers rotating a session call endSession first.
 */
export function startSession(reply: FastifyReply, userId: string): AuthSession {
  const { db, config } = reply.server;
  const user = findUserById(db, userId);
  if (!user) throw new Error(`startSession: no user ${userId}`);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs(config)).toISOString();
  const sessionId = createSession(db, { userId, tokenHash: hashToken(token), expiresAt });
  setSessionCookie(reply, token);
  const auth: AuthSession = {
    sessionId,
    user: {
      id: user.id,
      email: user.email,
      role: user.role,
      anonymous: user.anonymous,
      phone: user.phone,
    },
  };
  reply.request.auth = auth;
  return auth;
}

/** Revokes the request's session in the database (a replayed cookie stops working) and clears the cookie. */
export function endSession(request: FastifyRequest, reply: FastifyReply): void {
  if (request.auth) revokeSession(reply.server.db, request.auth.sessionId);
  request.auth = null;
  clearSessionCookie(request, reply);
}

function loadSession(request: FastifyRequest, reply: FastifyReply): void {
  if (!isApiPath(request.url)) return;
  const token = request.cookies[SESSION_COOKIE];
  if (token === undefined || token === '') return;

  const db = request.server.db;
  const found = TOKEN_PATTERN.test(token) ? findSessionByTokenHash(db, hashToken(token)) : null;
  const now = Date.now();
  const expiresAt = found ? Date.parse(found.expiresAt) : 0;
  if (!found || found.revokedAt !== null || !(expiresAt > now)) {
    // Forged, revoked or expired: carry on as a visitor without a session, and tell the browser
    // to drop the cookie so it stops sending it.
    clearSessionCookie(request, reply);
    return;
  }

  // Sliding expiry, written at most once a day per session rather than on every request.
  const ttl = ttlMs(request.server.config);
  if (expiresAt - now < ttl - DAY_MS) {
    extendSession(db, found.sessionId, new Date(now + ttl).toISOString());
    setSessionCookie(reply, token);
  }
  request.auth = { sessionId: found.sessionId, user: found.user };
}

/** Cookie parsing, `request.auth` on every /api request, and pruning of ended sessions. */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  // A callback hook, not an async one: the lookup is synchronous (better-sqlite3), and this
  // saves a promise and a microtask on every request. Fastify passes a throw to the error handler.
  app.addHook('onRequest', (request, reply, done) => {
    loadSession(request, reply);
    done();
  });

  const prune = () => {
    try {
      deleteEndedSessions(app.db, new Date(Date.now() - KEEP_ENDED_MS).toISOString());
    } catch (error) {
      app.log.warn({ err: error }, 'could not prune ended sessions');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}
