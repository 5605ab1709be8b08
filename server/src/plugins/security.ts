import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { ServerEnv } from './env.ts';
import { isApiPath } from './errors.ts';
import { PAGE_SCRIPT } from '../../../src/prerender/page-script.ts';

/**
 * The one inline script the site has (src/prerender/page-script.ts): it sends a visitor who
 * chose English to the English page before the first paint, and loads a prerendered page's code
 * once the page has been drawn. Allowed by its hash, nothing else.
 */
export const PAGE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

/**
 * The Content-Security-Policy directives for every response. No inline `<style>` and no inline
 * script but the page script above (by its hash): Vite's build emits only external files,
 * prerendered pages carry no style attribute, and React sets `style={...}` through the CSSOM,
 * which CSP does not block. Exported for tests.
 */
export function cspDirectives(env: Pick<ServerEnv, 'GEOCODE_URL'>): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", PAGE_SCRIPT_SOURCE],
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

/** What we ask @fastify/helmet for: its defaults, our CSP and a referrer policy. */
function helmetOptions(env: Pick<ServerEnv, 'GEOCODE_URL'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(env),
    },
    // Nominatim's usage policy asks callers to identify themselves; browsers can't change their
    // User-Agent, so the Referer (origin only, never the path with an order number) does that.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

async function headersOf(app: FastifyInstance): Promise<Record<string, string>> {
  app.get('/', async () => '');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * The headers @fastify/helmet sends with `options`, worked out once. The plugin itself calls
 * helmet(options) on every request, which rebuilds each middleware and re-parses the CSP
 * directives each time: measured, about 45 µs of CPU per request, more than all the rest of a
 * GET /api/prices. The headers depend on nothing in the request, so they are asked for once,
 * from a throw-away instance, and stay exactly what the plugin would send.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const bare = await headersOf(Fastify());
  const withHelmet = Fastify();
  await withHelmet.register(helmet, options);
  const headers = await headersOf(withHelmet);
  for (const [name, value] of Object.entries(bare)) {
    // date, content-type, content-length, keep-alive: the probe's answer, not helmet's.
    if (headers[name] === value || name === 'date') delete headers[name];
  }
  return headers;
}

/**
 * The headers an /api answer gets instead of the page headers (OWASP REST Security Cheat Sheet):
 * it is JSON, never a document, so the page CSP's sources, the referrer policy and the legacy
 * document-only headers (X-XSS-Protection, X-Download-Options, X-DNS-Prefetch-Control, ...) do
 * nothing for it. What is left is stricter than the page's: no source at all may load from an
 * answer opened as a document, it may not be framed, sniffed as HTML, or read by another site's
 * no-cors request. The page headers are about a kilobyte on every answer, which a phone on mobile
 * data downloads with each tracking refresh and each booking step.
 */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** Security headers (helmet defaults plus our CSP) on every page; the API's own set on /api. */
export async function registerSecurity(app: FastifyInstance, env: ServerEnv): Promise<void> {
  const headers = await helmetHeaders(helmetOptions(env));
  const csp = headers['content-security-policy'] ?? '';
  // upgrade-insecure-requests rewrites every http:// subresource to https://. A shop that runs
  // the server on plain http (localhost, a LAN address) would then load nothing, so the directive
  // is only sent when the page itself arrived over https (directly or via a trusted proxy).
  const httpsHeaders = {
    ...headers,
    'content-security-policy': csp.includes('upgrade-insecure-requests')
      ? csp
      : `${csp};upgrade-insecure-requests`,
  };
  const api = apiHeaders(headers);

  // onRequest, where @fastify/helmet set them: error and not-found answers get them too, and a
  // route may still change one. A callback hook: no promise per request for a few assignments.
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) reply.headers(api);
    else reply.headers(request.protocol === 'https' ? httpsHeaders : headers);
    done();
  });
}
