import { hash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type Database from 'better-sqlite3';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../src/domain/users.ts';
import { HttpError } from '../errors.ts';
import {
  countProvisionalSessions,
  createSession,
  deleteEndedSessions,
  deleteExpiredProvisionalSessions,
  extendSession,
  findSessionByTokenHash,
  keepSession,
  keepWrittenProvisionalSessions,
  revokeSession,
} from '../repositories/sessions-repository.ts';
import {
  deleteIdleAnonymousUsers,
  deleteOldestUnusedAnonymousUsers,
  findUserById,
  hasWritten,
} from '../repositories/users-repository.ts';
import type { ServerEnv } from './env.ts';
import { isApiPath } from './errors.ts';
import { pruneHourly } from './prune-hourly.ts';

export const SESSION_COOKIE = 'afsh_session';

const DAY_MS = 24 * 60 * 60 * 1000;
// 32 random bytes in base64url; anything else in the cookie is not ours.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
// Ended sessions stay this long so a replayed cookie is seen as revoked, then they are deleted.
const KEEP_ENDED_MS = 7 * DAY_MS;

/**
 * How long the session of an anonymous visitor who has written nothing lasts (D8). Such a session
 * is provisional: it does not slide, and becomes an ordinary SESSION_TTL_DAYS session once its
 * visitor places an order, posts a review or sends a message. Its visitor loses nothing when it
 * ends: the page starts a new one when it next needs one.
 */
export const UNUSED_SESSION_MS = DAY_MS;
/**
 * The most provisional sessions kept at once (D8). Past it the oldest end, with their users (who
 * wrote nothing), rather than new visitors being turned away: refusing sign-ins would let anyone
 * with a few hundred addresses stop every new customer from booking for a day, while the oldest
 * unused sessions cost their visitors nothing they had written.
 */
export const MAX_UNUSED_SESSIONS = 20_000;
/** Made at once when the bound is reached, so it is counted once per this many sign-ins. */
const UNUSED_SESSIONS_ROOM = 1_000;
/** Methods that can write something; only after them may a provisional session be kept. */
const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  /** An anonymous visitor who has written nothing yet: a short session that does not slide. */
  provisional: boolean;
  user: AuthUser;
}

/** Each session's cookie value, to send it again when its lifetime changes. */
const tokens = new WeakMap<AuthSession, string>();

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

function provisionalTtlMs(env: Pick<ServerEnv, 'SESSION_TTL_DAYS'>): number {
  return Math.min(UNUSED_SESSION_MS, ttlMs(env));
}

function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // request.protocol is https only on a TLS socket, or by X-Forwarded-Proto from a proxy that
    // TRUST_PROXY names.
    secure: request.protocol === 'https',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

function setSessionCookie(reply: FastifyReply, token: string, lifetimeMs: number): void {
  reply.setCookie(
    SESSION_COOKIE,
    token,
    cookieOptions(reply.request, Math.floor(lifetimeMs / 1000)),
  );
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
 * Places left for provisional sessions before they must be counted again, per database. Only
 * this process starts them, and expiry, sign-up and the prune only end them, so the last count
 * plus those started since is never below the real number: the bound holds without counting
 * 20,000 index entries on every anonymous sign-in. Counted on first use and at every prune.
 */
const unusedRoom = new WeakMap<Database.Database, number>();

/**
 * Counts the provisional sessions and, at the bound, deletes the oldest unused ones with their
 * users, down to `room` below it. Returns how many places are left.
 */
function boundUnusedSessions(db: Database.Database, room: number): number {
  let stored = countProvisionalSessions(db);
  if (stored >= MAX_UNUSED_SESSIONS) {
    stored -= deleteOldestUnusedAnonymousUsers(db, stored - (MAX_UNUSED_SESSIONS - room));
  }
  const left = Math.max(0, MAX_UNUSED_SESSIONS - stored);
  unusedRoom.set(db, left);
  return left;
}

/** Takes one place for a new provisional session, making room first when there is none. */
function takeUnusedPlace(db: Database.Database): void {
  let left = unusedRoom.get(db) ?? 0;
  if (left === 0) left = boundUnusedSessions(db, UNUSED_SESSIONS_ROOM);
  unusedRoom.set(db, Math.max(0, left - 1));
}

/**
 * Starts a new session for `userId` (sign-in, sign-up, anonymous): a fresh random token in the
 * cookie, its hash in the database, and `request.auth` set for the rest of this request. An
 * anonymous user who has written nothing gets a provisional session (D8). Callers rotating a
 * session call endSession first; callers starting one for an anonymous user do so in a
 * transaction, since making room may delete other unused anonymous users.
 */
export function startSession(reply: FastifyReply, userId: string): AuthSession {
  const { db, config } = reply.server;
  const user = findUserById(db, userId);
  if (!user) throw new Error(`startSession: no user ${userId}`);
  const provisional = user.anonymous && !hasWritten(db, user.id);
  if (provisional) takeUnusedPlace(db);
  const lifetime = provisional ? provisionalTtlMs(config) : ttlMs(config);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + lifetime).toISOString();
  const sessionId = createSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    provisional,
  });
  setSessionCookie(reply, token, lifetime);
  const auth: AuthSession = {
    sessionId,
    provisional,
    user: {
      id: user.id,
      email: user.email,
      role: user.role,
      anonymous: user.anonymous,
      phone: user.phone,
    },
  };
  tokens.set(auth, token);
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

  // Sliding expiry, written at most once a day per session rather than on every request. A
  // provisional session does not slide: it ends a day after it started unless it is kept.
  const ttl = ttlMs(request.server.config);
  if (!found.provisional && expiresAt - now < ttl - DAY_MS) {
    extendSession(db, found.sessionId, new Date(now + ttl).toISOString());
    setSessionCookie(reply, token, ttl);
  }
  const auth: AuthSession = {
    sessionId: found.sessionId,
    provisional: found.provisional,
    user: found.user,
  };
  tokens.set(auth, token);
  request.auth = auth;
}

/**
 * After a request that may have written something with a provisional session: if its visitor
 * has now placed an order, posted a review or sent a message, the session is theirs to keep, for
 * the full lifetime, and the browser hears so in this answer.
 */
function keepIfWritten(request: FastifyRequest, reply: FastifyReply): void {
  const auth = request.auth;
  if (!auth?.provisional || !WRITES.has(request.method)) return;
  const { db, config } = request.server;
  if (!hasWritten(db, auth.user.id)) return;
  const ttl = ttlMs(config);
  keepSession(db, auth.sessionId, new Date(Date.now() + ttl).toISOString());
  auth.provisional = false;
  const token = tokens.get(auth);
  if (token !== undefined) setSessionCookie(reply, token, ttl);
}

/**
 * The periodic clean-up (D8): ended sessions after a week; provisional sessions as soon as they
 * end, with their users, who wrote nothing; then the bound on provisional sessions, which also
 * counts them afresh.
 */
export function pruneSessions(
  db: Database.Database,
  env: Pick<ServerEnv, 'SESSION_TTL_DAYS'>,
  at: Date = new Date(),
): void {
  const now = at.toISOString();
  const before = new Date(at.getTime() - KEEP_ENDED_MS).toISOString();
  db.transaction(() => {
    keepWrittenProvisionalSessions(db, {
      now,
      since: new Date(at.getTime() - UNUSED_SESSION_MS).toISOString(),
      expiresAt: new Date(at.getTime() + ttlMs(env)).toISOString(),
    });
    deleteIdleAnonymousUsers(db, now, before);
    deleteEndedSessions(db, before);
    deleteExpiredProvisionalSessions(db, now);
    boundUnusedSessions(db, 0);
  })();
}

/**
 * Cookie parsing, `request.auth` on every /api request, keeping provisional sessions whose
 * visitor wrote something, and pruning ended sessions and unused anonymous users.
 */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  // A callback hook, not an async one: the lookup is synchronous (better-sqlite3), and this
  // saves a promise and a microtask on every request. Fastify passes a throw to the error handler.
  app.addHook('onRequest', (request, reply, done) => {
    loadSession(request, reply);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    keepIfWritten(request, reply);
    done(null, payload);
  });

  pruneHourly(app, 'ended sessions', () => pruneSessions(app.db, app.config));
}
