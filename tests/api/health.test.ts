import { createHash } from 'node:crypto';
import { PAGE_SCRIPT } from '../../src/prerender/page-script.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/src/app.ts';
import { ASSET_JS, INDEX_HTML, makeStaticDir } from './helpers.ts';
import type { TempSite } from './helpers.ts';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('server basics', () => {
  let site: TempSite;
  let app: FastifyInstance;

  beforeAll(async () => {
    site = await makeStaticDir();
    app = await build({
      staticDir: site.staticDir,
      env: {
        NODE_ENV: 'test',
        DATABASE_PATH: ':memory:',
        GEOCODE_URL: 'https://geo.example.test/reverse?format=json',
      },
    });
  });

  afterAll(async () => {
    await app.close();
    await site.cleanup();
  });

  it('GET /api/health answers ok and is never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an unknown /api route is a JSON 404, even when the client accepts HTML', async () => {
    for (const headers of [{}, html]) {
      const res = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        error: { code: 'not-found', message: expect.any(String) },
      });
    }
    const post = await app.inject({ method: 'POST', url: '/api/nothing', payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not-found');
  });

  it('malformed JSON is a 400 with the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid-argument', message: expect.any(String) });
  });

  it('sends a strict Content-Security-Policy: no inline script but the language redirect, by its hash', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    const hash = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;
    expect(directives.get('script-src')).toEqual(["'self'", hash]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://geo.example.test']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // Plain http (a shop's localhost or LAN) must keep working.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers /api with the API headers: nothing may load or frame, no sniffing, no page-only headers', async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: html });
    // Found, unknown, error and bodiless answers alike: the hook runs before the route.
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: html }),
      await app.inject({ method: 'GET', url: '/api/track/not a number' }),
    ];
    for (const res of answers) {
      const where = `${res.statusCode} ${res.body.slice(0, 40)}`;
      expect(res.headers['content-security-policy'], where).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['x-frame-options'], where).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], where).toBe('same-origin');
      expect(res.headers['strict-transport-security'], where).toBe(
        page.headers['strict-transport-security'],
      );
      expect(res.headers['cache-control'], where).toBe('no-store');
      for (const pageOnly of ['referrer-policy', 'x-xss-protection', 'origin-agent-cluster']) {
        expect(res.headers[pageOnly], `${pageOnly} on ${where}`).toBeUndefined();
        expect(page.headers[pageOnly], `${pageOnly} on the page`).toBeDefined();
      }
    }
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);

    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a deep link with index.html (SPA fallback), status 200', async () => {
    const res = await app.inject({ method: 'GET', url: '/track/AF-20250101-123', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toBe(INDEX_HTML);

    const withQuery = await app.inject({ method: 'GET', url: '/payment?x=1', headers: html });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toBe(INDEX_HTML);
  });

  it('does not answer HTML where a browser expects something else', async () => {
    const notHtml = await app.inject({ method: 'GET', url: '/track/AF-20250101-123' });
    expect(notHtml.statusCode).toBe(404);
    expect(notHtml.json().error.code).toBe('not-found');

    // A stale hashed asset after a deploy must be a 404, not index.html parsed as JavaScript.
    const missingAsset = await app.inject({
      method: 'GET',
      url: '/assets/old-999.js',
      headers: html,
    });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.headers['content-type']).toMatch(/^application\/json/);
  });

  it('never serves files outside the static root', async () => {
    for (const url of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it('compresses assets with brotli or gzip, as the client asks', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(ASSET_JS);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(ASSET_JS) / 4);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(ASSET_JS);

    const head = await app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
  });
});

describe('upgrade-insecure-requests', () => {
  it('is added only when the page arrived over https through a trusted proxy', async () => {
    const site = await makeStaticDir();
    const app = await build({
      staticDir: site.staticDir,
      env: { TRUST_PROXY: 1, DATABASE_PATH: ':memory:' },
    });
    try {
      const https = await app.inject({
        url: '/',
        headers: { ...html, 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const http = await app.inject({ url: '/', headers: html });
      expect(http.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
      await site.cleanup();
    }
  });
});

describe('without a built web app', () => {
  it('still serves the API and tells a browser to run the build', async () => {
    const site = await makeStaticDir({ withIndex: false });
    const app = await build({ staticDir: site.staticDir, env: { DATABASE_PATH: ':memory:' } });
    try {
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);

      for (const url of ['/', '/track/AF-20250101-123']) {
        const page = await app.inject({ url, headers: html });
        expect(page.statusCode, url).toBe(503);
        expect(page.headers['content-type']).toMatch(/^text\/plain/);
        expect(page.body).toContain('npm run build');
      }
    } finally {
      await app.close();
      await site.cleanup();
    }
  });

  it('starts even when the static directory does not exist', async () => {
    const app = await build({
      staticDir: '/nonexistent/afsh-dist',
      env: { DATABASE_PATH: ':memory:' },
    });
    try {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/', headers: html })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
