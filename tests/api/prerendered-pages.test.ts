import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from '../../server/src/app.ts';
import { makeStaticDir, writePrerenderedSite, type TempSite } from './helpers.ts';

// The build prerenders every page into its own HTML file and lists them in prerendered.json;
// the server answers each address with its page, /track/<number> with the tracking shell, and
// anything else with the not-found page and a real 404, in the address's language.

const page = (lang: string, name: string) =>
  `<!DOCTYPE html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><body><h1>${name}</h1></body></html>`;

const FILES: Record<string, string> = {
  'index.html': page('ar', 'home-ar'),
  'about/index.html': page('ar', 'about-ar'),
  'en/index.html': page('en', 'home-en'),
  'en/about/index.html': page('en', 'about-en'),
  'track/_/index.html': page('ar', 'track-shell-ar'),
  'en/track/_/index.html': page('en', 'track-shell-en'),
  '404.html': page('ar', 'missing-ar'),
  'en/404.html': page('en', 'missing-en'),
};

let site: TempSite;
let app: FastifyInstance;

beforeAll(async () => {
  site = await makeStaticDir();
  await writePrerenderedSite(site, FILES, {
    pages: {
      '/': 'index.html',
      '/about': 'about/index.html',
      '/en/': 'en/index.html',
      '/en/about': 'en/about/index.html',
    },
    shells: { '/track/': 'track/_/index.html', '/en/track/': 'en/track/_/index.html' },
    notFound: { ar: '404.html', en: 'en/404.html' },
  });
  app = await build({
    staticDir: site.staticDir,
    env: { NODE_ENV: 'test', RATE_LIMITS: 'off', DATABASE_PATH: join(site.root, 'db.sqlite') },
  });
});

afterAll(async () => {
  await app.close();
  await site.cleanup();
});

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

describe('prerendered pages', () => {
  it('answers a page to Accept */* (the service worker keeping it, D26), and JSON to no Accept', async () => {
    for (const url of ['/about', '/en/', '/track/_']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
    const bare = await app.inject({ method: 'GET', url: '/about' });
    expect(bare.statusCode).toBe(404);
    expect(bare.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    ['/', 'home-ar'],
    ['/about', 'about-ar'],
    ['/about/', 'about-ar'],
    ['/about?ref=x', 'about-ar'],
    ['/en', 'home-en'],
    ['/en/', 'home-en'],
    ['/en/about', 'about-en'],
    ['/track/AF-20261124-123', 'track-shell-ar'],
    ['/en/track/AF-20261124-123', 'track-shell-en'],
  ])('%s answers 200 with its page', async (url, name) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<h1>${name}</h1>`);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/no-such-page', 'missing-ar'],
    ['/track/', 'missing-ar'],
    ['/en/no-such-page', 'missing-en'],
  ])('%s answers a real 404 with the not-found page of its language', async (url, name) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.body).toContain(`<h1>${name}</h1>`);
  });

  it('a missing asset stays a plain 404, never a page', async () => {
    const res = await get('/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('<h1>');
  });
});
