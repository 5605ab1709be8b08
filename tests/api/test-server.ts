import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CurrentUser } from '../../src/data/port.ts';
import type { CapacityDraft } from '../../src/domain/capacity.ts';
import { ROOMY_CAPACITY } from '../../src/testing/capacity-fixtures.ts';
import { build } from '../../server/src/app.ts';
import type { BuildOptions } from '../../server/src/app.ts';
import { createOrPromoteAdmin } from '../../server/src/auth/admins.ts';
import type { ScryptCost } from '../../server/src/auth/passwords.ts';
import type { ServerEnv } from '../../server/src/plugins/env.ts';
import { SESSION_COOKIE } from '../../server/src/plugins/sessions.ts';
import { makeStaticDir } from './helpers.ts';

/** The codes each test server printed, for TestClient.signInByPhone. */
const PHONE_CODES = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * A log destination that keeps what the log provider prints for a sign-in code (D13), as an
 * operator running `npm start` reads it, and drops every other line.
 */
export function phoneCodeLog(codes: Map<string, string>): { write(line: string): void } {
  return {
    write(line: string) {
      if (!line.includes('"phoneCode"')) return;
      const entry = JSON.parse(line) as { phoneCode?: { challengeId?: string; code?: string } };
      const { challengeId, code } = entry.phoneCode ?? {};
      if (challengeId && code) codes.set(challengeId, code);
    },
  };
}

/**
 * For a server built with `build()` itself (a test that restarts one on the same file): the
 * logger option that keeps the sign-in codes it prints, and `watch(app)`, after which
 * TestClient.signInByPhone reads them as it does for a createTestServer server.
 */
export function phoneCodeLogger(): {
  logger: { level: 'info'; stream: { write(line: string): void } };
  watch(app: FastifyInstance): void;
} {
  const codes = new Map<string, string>();
  return {
    logger: { level: 'info', stream: phoneCodeLog(codes) },
    watch: (app) => {
      PHONE_CODES.set(app, codes);
    },
  };
}

/** The code the server printed for `challengeId`. */
export function printedPhoneCode(app: FastifyInstance, challengeId: string): string {
  const code = PHONE_CODES.get(app)?.get(challengeId);
  if (!code) throw new Error(`No code was printed for challenge ${challengeId}`);
  return code;
}

/** The mobile number the order fixtures book with (orderBody's phoneNumber). */
export const FIXTURE_PHONE = '01012345678';

let phoneSequence = 0;
/**
 * A mobile number no other test in this process uses (012 + 8 digits), for tests whose customers
 * must not share orders or limits.
 */
export function uniquePhone(): string {
  phoneSequence += 1;
  const tail = (process.pid % 1000) * 100_000 + (phoneSequence % 100_000);
  return `012${String(tail).padStart(8, '0')}`;
}

/**
 * What passwords cost on a test server: scrypt as in production at a sixteenth of its cost
 * (PASSWORD_COST), since some files sign up and in hundreds of times. Hashes name their cost;
 * tests/api/auth.test.ts checks the production one.
 */
export const TEST_PASSWORD_COST: Readonly<ScryptCost> = { N: 1024, r: 8, p: 1 };

/** The admin every test server starts with. */
export const TEST_ADMIN = { email: 'admin@afsh.test', password: 'Admin-pass-2026' } as const;

export interface TestServer {
  app: FastifyInstance;
  /** The sign-in codes the server printed (the log provider, D13), by challenge id. */
  phoneCodes: Map<string, string>;
  /** The temporary SQLite file (WAL, like production: never :memory:). */
  dbPath: string;
  close(): Promise<void>;
}

export interface TestServerOptions extends Pick<
  BuildOptions,
  'paymentProvider' | 'subscribers' | 'logger' | 'reviewStreams' | 'orderStreams'
> {
  /** The crews plan to start with; ROOMY_CAPACITY by default, 'first' for migration 006's. */
  capacity?: CapacityDraft | 'first';
  /** Hash passwords at the server's own cost (PASSWORD_COST), not TEST_PASSWORD_COST. */
  productionPasswordCost?: boolean;
}

/**
 * The whole server (`build()`), not listening, on its own temporary database file and a
 * throw-away static dir. Rate limits are off unless `overrides.RATE_LIMITS` is 'on'; the
 * database has one admin, TEST_ADMIN, and plenty of crews unless `options.capacity` says.
 */
export async function createTestServer(
  overrides: Partial<ServerEnv> = {},
  { capacity = ROOMY_CAPACITY, productionPasswordCost = false, ...options }: TestServerOptions = {},
): Promise<TestServer> {
  const site = await makeStaticDir();
  const dataDir = await mkdtemp(join(tmpdir(), 'afsh-db-'));
  const dbPath = join(dataDir, 'afsh.sqlite');
  let app: FastifyInstance | undefined;
  const cleanup = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await site.cleanup();
  };
  const phoneCodes = new Map<string, string>();
  try {
    const passwordCost = productionPasswordCost ? undefined : TEST_PASSWORD_COST;
    app = await build({
      logger: { level: 'info', stream: phoneCodeLog(phoneCodes) },
      ...(passwordCost ? { passwordCost } : {}),
      ...options,
      staticDir: site.staticDir,
      // No weekly summary at start (D27) unless a test asks: a test's messages are its own.
      env: {
        NODE_ENV: 'test',
        RATE_LIMITS: 'off',
        NOTIFY_WEEKLY_SUMMARY: 'off',
        ...overrides,
        DATABASE_PATH: dbPath,
      } as Partial<ServerEnv>,
    });
    PHONE_CODES.set(app, phoneCodes);
    await createOrPromoteAdmin(app.db, {
      ...TEST_ADMIN,
      ...(passwordCost ? { passwordCost } : {}),
    });
    if (capacity !== 'first') app.capacity.plans.save(capacity, null);
    await app.ready();
  } catch (error) {
    await app?.close();
    await cleanup();
    throw error;
  }
  const ready = app;
  return {
    app: ready,
    phoneCodes,
    dbPath,
    close: async () => {
      await ready.close();
      await cleanup();
    },
  };
}

// Tests assert on response bodies rather than trust them, so `any` by default keeps them short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestResponse<T = any> {
  status: number;
  /** Parsed JSON; null for an empty body; the raw text when it is not JSON. */
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * A browser stand-in: `app.inject` with its own cookie jar, so each TestClient is one visitor.
 * Bodies go as JSON (as the SPA sends them); POST/PUT/PATCH always carry the JSON content type.
 */
export class TestClient {
  readonly app: FastifyInstance;
  /** The address the server sees this visitor come from (per-address limits). */
  readonly remoteAddress: string | undefined;
  private readonly jar = new Map<string, string>();

  constructor(app: FastifyInstance, options: { remoteAddress?: string } = {}) {
    this.app = app;
    this.remoteAddress = options.remoteAddress;
  }

  /** The raw session token in the jar (to replay or forge it). */
  get sessionCookie(): string | undefined {
    return this.jar.get(SESSION_COOKIE);
  }

  set sessionCookie(value: string | undefined) {
    if (value === undefined) this.jar.delete(SESSION_COOKIE);
    else this.jar.set(SESSION_COOKIE, value);
  }

  clearCookies(): void {
    this.jar.clear();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request<T = any>(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const sendsJson = body !== undefined || ['POST', 'PUT', 'PATCH'].includes(method);
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const options: InjectOptions = {
      method,
      url,
      headers: {
        ...(sendsJson ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      ...(this.remoteAddress !== undefined ? { remoteAddress: this.remoteAddress } : {}),
    };
    const res = await this.app.inject(options);

    for (const set of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        set.value === '' ||
        (set.maxAge !== undefined && set.maxAge <= 0) ||
        (set.expires !== undefined && set.expires.getTime() <= Date.now());
      if (expired) this.jar.delete(set.name);
      else this.jar.set(set.name, set.value);
    }

    let parsed: unknown = null;
    if (res.body !== '') {
      const type = String(res.headers['content-type'] ?? '');
      parsed = type.startsWith('application/json') ? JSON.parse(res.body) : res.body;
    }
    return { status: res.statusCode, body: parsed as T, headers: res.headers };
  }

  private async expectUser(
    res: TestResponse<{ user: CurrentUser }>,
    status: number,
    what: string,
  ): Promise<CurrentUser> {
    if (res.status !== status) {
      throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return res.body.user;
  }

  /** Signs in anonymously (or returns the current user when the jar already has a session). */
  async anonymous(): Promise<CurrentUser> {
    const res = await this.request('POST', '/api/auth/anonymous');
    return this.expectUser(res, 200, 'POST /api/auth/anonymous');
  }

  async signUp(email: string, password: string): Promise<CurrentUser> {
    const res = await this.request('POST', '/api/auth/signup', {
      email,
      password,
      confirmPassword: password,
    });
    return this.expectUser(res, 201, 'POST /api/auth/signup');
  }

  async signIn(email: string, password: string): Promise<CurrentUser> {
    const res = await this.request('POST', '/api/auth/login', { email, password });
    return this.expectUser(res, 200, 'POST /api/auth/login');
  }

  /**
   * Signs in with a mobile number as a customer does (D13): asks for a code, reads it from what
   * the server printed, types it. The number is the order fixtures' unless given.
   */
  async signInByPhone(phone: string = FIXTURE_PHONE): Promise<CurrentUser> {
    const asked = await this.request('POST', '/api/auth/phone/code', { phone, language: 'ar' });
    if (asked.status !== 200) {
      throw new Error(
        `POST /api/auth/phone/code answered ${asked.status}: ${JSON.stringify(asked.body)}`,
      );
    }
    const challengeId = (asked.body as { challenge: { challengeId: string } }).challenge
      .challengeId;
    const res = await this.request('POST', '/api/auth/phone/verify', {
      challengeId,
      code: printedPhoneCode(this.app, challengeId),
    });
    return this.expectUser(res, 200, 'POST /api/auth/phone/verify');
  }

  async signOut(): Promise<void> {
    const res = await this.request('POST', '/api/auth/logout');
    if (res.status !== 204) throw new Error(`POST /api/auth/logout answered ${res.status}`);
  }
}

/** A client with a fresh anonymous session: a customer who has not signed up. */
export async function visitorClient(
  app: FastifyInstance,
  options: { remoteAddress?: string } = {},
): Promise<TestClient> {
  const client = new TestClient(app, options);
  await client.anonymous();
  return client;
}

/**
 * A customer who proved a mobile number (the order fixtures' unless given): who may book (D13).
 * Two customers that must not see each other's orders need two numbers.
 */
export async function customerClient(
  app: FastifyInstance,
  options: { remoteAddress?: string; phone?: string } = {},
): Promise<TestClient> {
  const client = new TestClient(app, options);
  await client.signInByPhone(options.phone);
  return client;
}

/** A client signed in as TEST_ADMIN. */
export async function adminClient(app: FastifyInstance): Promise<TestClient> {
  const client = new TestClient(app);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}
