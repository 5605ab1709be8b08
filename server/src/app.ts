import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { loadEnv } from './plugins/env.ts';
import type { ServerEnv } from './plugins/env.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStatic } from './plugins/static.ts';
import { apiRoutes } from './routes/api/api-routes.ts';

/** `dist/` at the repository root, wherever the process was started from. */
export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface BuildOptions {
  /** The built SPA (index.html + assets/). Default: the repository's `dist/`. */
  staticDir?: string;
  /** Fastify logger options; off by default so tests stay quiet. */
  logger?: boolean | object;
  /** Settings that win over process.env (tests pass these). */
  env?: Partial<ServerEnv>;
}

/**
 * Builds the whole server (security headers, static SPA, /api) without listening, so tests can
 * use `app.inject()` or listen on a port of their choosing. Throws EnvError on bad settings.
 */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const env = loadEnv(process.env, options.env);
  const staticDir = resolve(options.staticDir ?? DEFAULT_STATIC_DIR);

  const app = Fastify({
    logger: (options.logger ?? false) as FastifyServerOptions['logger'],
    trustProxy: env.TRUST_PROXY,
    // Order numbers and paths are short; nothing legitimate comes close to this.
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', env);

  await registerSecurity(app, env);
  const site = await registerStatic(app, { staticDir });
  registerErrorHandling(app, { htmlFallback: site.serveIndex });
  await app.register(apiRoutes, { prefix: '/api' });

  return app;
}
