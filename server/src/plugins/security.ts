import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerEnv } from './env.ts';

/**
 * The Content-Security-Policy directives for every response. The SPA must never need inline
 * script or inline `<style>`: Vite's production build emits only external files, and React sets
 * `style={...}` through the CSSOM, which CSP does not block. Exported for tests.
 */
export function cspDirectives(env: Pick<ServerEnv, 'GEOCODE_URL'>): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'"],
    fontSrc: ["'self'"],
    // Reverse geocoding is the one cross-origin call the browser makes itself.
    connectSrc: ["'self'", new URL(env.GEOCODE_URL).origin],
    // canvas-confetti draws in a Web Worker built from a blob: URL; creating that blob already
    // requires script we serve, so allowing blob: workers adds no injection path.
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    scriptSrcAttr: ["'none'"],
  };
}

/** Security headers (helmet defaults plus our CSP) on every response, API and static alike. */
export async function registerSecurity(app: FastifyInstance, env: ServerEnv): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(env),
    },
    // Nominatim's usage policy asks callers to identify themselves; browsers can't change their
    // User-Agent, so the Referer (origin only, never the path with an order number) does that.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // upgrade-insecure-requests rewrites every http:// subresource to https://. A shop that runs
  // the server on plain http (localhost, a LAN address) would then load nothing, so the directive
  // is only sent when the page itself arrived over https (directly or via a trusted proxy).
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol !== 'https') return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests')) {
      reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
  });
}
