import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * What the server changes in a built page as it serves it (D26): the placeholder origin becomes
 * SITE_URL, and the home page's JSON-LD takes the current catalog and reviews. `key` changes
 * whenever `apply` would give another result for the same file.
 */
export interface PageRewrite {
  key(): string;
  apply(html: string): string;
  /**
   * What of `apply` comes from the server's settings (SITE_URL, the test-mode banner), which
   * change only with a restart: the service worker's kept copies of the pages follow it
   * (`serviceWorkerFor`). Today's catalog and reviews are left out: they change too often to
   * have every visitor fetch every page again, and no kept copy is shown while online.
   */
  settingsKey?: string;
}

/**
 * The precache's page entries as the build wrote them into sw.js (scripts/lib/precache-pages.ts:
 * a page is kept under its address, `/…`; files keep their relative names, `assets/…`).
 */
const PRECACHED_PAGE = /\{"revision":"([0-9a-f]+)","url":"(\/[^"]*)"\}/g;

/**
 * The built service worker with each kept page's revision followed by `settingsKey`'s hash
 * (D26). A revision is the build's hash of the page's file, and the worker fetches a page again
 * only when its revision changes; but the copy it keeps is the page as this server sends it
 * (the precache asks the server, which rewrites it), so a restart with another SITE_URL, or with
 * test payments announced or no longer (D24), must change it too. The worker's bytes then
 * differ, the browser installs it at its next visit, and it fetches the pages again.
 */
export function serviceWorkerFor(source: string, settingsKey: string): string {
  const suffix = createHash('sha256').update(settingsKey).digest('hex').slice(0, 12);
  return source.replace(
    PRECACHED_PAGE,
    (_entry, revision: string, url: string) =>
      `{"revision":"${revision}-${suffix}","url":"${url}"}`,
  );
}

export interface StaticSite {
  /** Answers a browser navigation with the SPA's index.html (or 503 when there is no build). */
  serveIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * What the build prerendered (scripts/lib/vite-prerender.ts writes it beside the pages): the
 * file for each address in both languages, the shells for addresses with a parameter, and the
 * not-found page of each language.
 */
interface PrerenderManifest {
  pages: Record<string, string>;
  shells: Record<string, string>;
  notFound: Record<'ar' | 'en', string>;
}

/**
 * A JSON file the build writes, read again only when a new build replaces it (its modification
 * time changes): the same object until then. Null while it is missing or unreadable.
 */
export function buildJsonFile<T>(
  file: string,
  onUnreadable: (error: unknown) => void = () => {},
): () => Promise<T | null> {
  let cached: { mtimeMs: number; value: T | null } | null = null;
  return async () => {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    let value: T | null = null;
    if (mtimeMs >= 0) {
      try {
        value = JSON.parse(await readFile(file, 'utf8')) as T;
      } catch (error) {
        onUnreadable(error);
      }
    }
    cached = { mtimeMs, value };
    return value;
  };
}

/** `/about/` and `/about` are one page; `/en` is the English home, `/en/`. */
function pageAddress(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '/';
  try {
    path = decodeURI(path);
  } catch {
    // Malformed escapes: looked up as typed, which finds nothing (a 404).
  }
  // A page's file by its name (`/about/index.html`) is the page's address.
  if (path.endsWith('/index.html')) path = path.slice(0, -'index.html'.length);
  if (path === '/en') return '/en/';
  return path.length > 1 && path.endsWith('/') && path !== '/en/' ? path.slice(0, -1) : path;
}

const notBuiltMessage =
  'Afsh: the web app has not been built yet. Run `npm run build` (or `npm start`), then reload.\n';

/**
 * Compression and the built SPA. Vite names everything under /assets/ by content hash, so those
 * files never change and can be cached for a year; index.html and the unhashed files from
 * public/ must be revalidated so a deploy is picked up on the next visit.
 */
export async function registerStatic(
  app: FastifyInstance,
  options: { staticDir: string; rewrite?: PageRewrite },
): Promise<StaticSite> {
  const { staticDir, rewrite } = options;
  const indexFile = join(staticDir, 'index.html');
  const assetsDir = join(staticDir, 'assets') + sep;

  // Registered first so its onSend hook also covers the static routes below.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  if (!existsSync(indexFile)) {
    app.log.warn(
      `No built web app at ${indexFile}: the API works, but pages answer 503 until you run \`npm run build\`.`,
    );
  }

  await app.register(fastifyStatic, {
    root: staticDir,
    // Our own warning above says what to do; the plugin's would only repeat the path.
    suppressWarning: true,
    wildcard: true,
    index: ['index.html'],
    dotfiles: 'ignore',
    cacheControl: false,
    // Pages (an address without a file extension, or an .html file) go to serveIndex, which
    // puts the site's address into them; this plugin serves the files pages use.
    allowedPath: (pathName) => /\.[A-Za-z0-9]+$/.test(pathName) && !pathName.endsWith('.html'),
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });

  const manifestOf = buildJsonFile<PrerenderManifest>(join(staticDir, 'prerendered.json'));

  // The service worker, its kept pages' revisions following the settings (serviceWorkerFor);
  // read again when a new build replaces it. Without a build's worker, a 404 as before.
  const settingsKey = rewrite?.settingsKey;
  if (settingsKey !== undefined) {
    const workerFile = join(staticDir, 'sw.js');
    let worker: { mtimeMs: number; body: string; etag: string } | null = null;
    app.get('/sw.js', async (request, reply) => {
      const mtimeMs = await stat(workerFile).then(
        (s) => s.mtimeMs,
        () => -1,
      );
      if (mtimeMs < 0) return reply.callNotFound();
      if (worker?.mtimeMs !== mtimeMs) {
        const body = serviceWorkerFor(await readFile(workerFile, 'utf8'), settingsKey);
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        worker = { mtimeMs, body, etag };
      }
      reply
        .header('cache-control', REVALIDATE)
        .header('etag', worker.etag)
        .type('application/javascript; charset=utf-8');
      if (request.headers['if-none-match'] === worker.etag) return reply.code(304).send();
      return reply.send(worker.body);
    });
  }

  /** File → its rewritten body, kept until the file or what the rewrite puts in changes. */
  const pages = new Map<string, { mtimeMs: number; key: string; body: string; etag: string }>();
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    status: number,
  ): Promise<FastifyReply> => {
    const path = join(staticDir, file);
    const mtimeMs = await stat(path).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    if (mtimeMs < 0) return reply.code(status).sendFile(file);
    const key = rewrite?.key() ?? '';
    let page = pages.get(file);
    if (page?.mtimeMs !== mtimeMs || page.key !== key) {
      const html = await readFile(path, 'utf8');
      const body = rewrite ? rewrite.apply(html) : html;
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      page = { mtimeMs, key, body, etag };
      pages.set(file, page);
    }
    reply
      .header('cache-control', REVALIDATE)
      .header('etag', page.etag)
      .type('text/html; charset=utf-8');
    if (status === 200 && request.headers['if-none-match'] === page.etag) {
      return reply.code(304).send();
    }
    return reply.code(status).send(page.body);
  };

  const site: StaticSite = {
    async serveIndex(request, reply) {
      // Checked per request, so a server started before `npm run build` recovers without restart.
      const built = await stat(indexFile).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(notBuiltMessage);
      }
      const manifest = await manifestOf();
      // A build without prerendering (tests' stand-in sites): the SPA decides, as a 200.
      if (!manifest) return sendPage(request, reply, 'index.html', 200);

      const address = pageAddress(request.url);
      const page = manifest.pages[address];
      if (page) return sendPage(request, reply, page, 200);
      const shell = Object.entries(manifest.shells).find(([prefix]) => address.startsWith(prefix));
      if (shell && address.length > shell[0].length) {
        return sendPage(request, reply, shell[1], 200);
      }
      // No such page: a real 404, in the language of the address.
      const language = address === '/en/' || address.startsWith('/en/') ? 'en' : 'ar';
      return sendPage(request, reply, manifest.notFound[language], 404);
    },
  };
  // The home page whatever the client accepts, as when the file plugin served it (health checks
  // and crawlers may send `*/*`); other pages reach serveIndex through the not-found handler.
  app.get('/', (request, reply) => site.serveIndex(request, reply));
  return site;
}
