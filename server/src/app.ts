import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { loadEnv } from './plugins/env.ts';
import type { ServerEnv } from './plugins/env.ts';
import { ensureInitialAdmin } from './auth/initial-admin.ts';
import { trustProxyOption } from './plugins/client-address.ts';
import { registerDb } from './plugins/db.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerJsonOnly } from './plugins/json-only.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRepositories } from './plugins/repositories.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerServices } from './plugins/services.ts';
import type { ServicesOptions } from './plugins/services.ts';
import { registerSessions } from './plugins/sessions.ts';
import { registerLivePages } from './plugins/live-pages.ts';
import { registerStatic } from './plugins/static.ts';
import { registerSiteFiles, sitePageRewrite, testModeBanner } from './plugins/site-pages.ts';
import { apiRoutes } from './routes/api/api-routes.ts';
import type { ApiRoutesOptions } from './routes/api/api-routes.ts';

/** `dist/` at the repository root, wherever the process was started from. */
export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface BuildOptions extends ServicesOptions {
  /** The built SPA (index.html + assets/). Default: the repository's `dist/`. */
  staticDir?: string;
  /** Fastify logger options; off by default so tests stay quiet. */
  logger?: boolean | object;
  /** Settings that win over process.env (tests pass these). */
  env?: Partial<ServerEnv>;
  /**
   * Create the first admin when there is none (ADMIN_EMAIL/ADMIN_PASSWORD, or generated and
   * printed once). Only the real server asks for this; tests create their own admins.
   */
  initialAdmin?: boolean;
  /** Limits of the live review streams other than the defaults (tests fill a small pool). */
  reviewStreams?: ApiRoutesOptions['reviewStreams'];
  /** Limits of the live order streams other than the defaults (D19; tests fill a small pool). */
  orderStreams?: ApiRoutesOptions['orderStreams'];
  /**
   * The scrypt cost of passwords set by sign-up; PASSWORD_COST (server/src/auth/passwords.ts)
   * unless given. Tests that sign up and in hundreds of times lower it; stored hashes name their
   * cost, so each is verified at the cost it was made with.
   */
  passwordCost?: ApiRoutesOptions['passwordCost'];
}

/**
 * app.close() stops accepting connections and waits for the open ones. A keep-alive connection
 * whose request is still running would stay open after its answer (until the 72 s keep-alive
 * timeout) and hold up the shutdown, so answers sent while closing ask the client to close it.
 */
function drainOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

/**
 * Builds the whole server (security headers, static SPA, /api) without listening, so tests can
 * use `app.inject()` or listen on a port of their choosing. Throws EnvError on bad settings.
 */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const env = loadEnv(process.env, options.env);
  const staticDir = resolve(options.staticDir ?? env.STATIC_DIR ?? DEFAULT_STATIC_DIR);

  const requestTimeoutMs = env.REQUEST_TIMEOUT_SECONDS * 1000;
  const app = Fastify({
    logger: (options.logger ?? false) as FastifyServerOptions['logger'],
    // Two info lines per request ("incoming request", "request completed") cost more CPU than
    // a whole /api/prices answer; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Who may name the client's address and protocol: a hop count or the proxies' addresses.
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // A client that sends its headers or body a byte at a time would otherwise hold its
    // connection for as long as it likes: a thousand of them and nobody else gets in (D8).
    // Node checks these deadlines every connectionsCheckingInterval (30 s by default).
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.max(250, Math.min(5000, requestTimeoutMs / 4)),
    },
    // Order numbers and paths are short; nothing legitimate comes close to this.
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', env);

  // The database first: if it cannot be opened or migrated, nothing else should start.
  try {
    registerDb(app, env);
    registerRepositories(app);
    registerServices(app, options);
  } catch (error) {
    await app.close();
    throw error;
  }
  if (options.initialAdmin) await ensureInitialAdmin(app.db, env, app.log);

  drainOnClose(app);
  registerMetrics(app, env);
  await registerSecurity(app, env);
  const site = await registerStatic(app, { staticDir, rewrite: sitePageRewrite(app) });
  registerSiteFiles(app);
  registerErrorHandling(app, { htmlFallback: site.serveIndex });
  registerLivePages(app, { staticDir, site, finish: testModeBanner(app) });
  registerJsonOnly(app);
  await registerSessions(app);
  // Before the routes: it attaches each route's limit as the route is added.
  await registerRateLimit(app, env);
  await app.register(apiRoutes, {
    prefix: '/api',
    reviewStreams: options.reviewStreams,
    orderStreams: options.orderStreams,
    passwordCost: options.passwordCost,
  });

  return app;
}
