import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Review } from '../../../src/domain/reviews.ts';
import { LANGUAGES, localizedPath } from '../../../src/i18n/languages.ts';
import {
  LIVE_PAGE_DATA,
  LIVE_PAGE_PATHS,
  LIVE_PAGES_MANIFEST,
  type InitialData,
  type LivePageRequest,
  type LivePagesManifest,
} from '../../../src/prerender/live-pages.ts';
import { buildJsonFile, type StaticSite } from './static.ts';

interface Renderer {
  renderPage(
    request: LivePageRequest & {
      assetsForModules(modules: readonly string[]): { modulePreloads: string[]; styles: string[] };
      initialData: InitialData;
    },
  ): Promise<{ html: string }>;
}

/** Only what the public list shows: whatever else a stored review carries stays on the server. */
const publicReview = ({ id, name, review, rating, createdAt }: Review): Review => ({
  id,
  name,
  review,
  rating,
  createdAt,
});

/**
 * The live pages (src/prerender/live-pages.ts: the reviews, the prices) rendered at request time
 * with their data, by the renderer the build left for them, so the reviews and prices are in the
 * HTML a phone receives rather than arriving after the page's code. One render per page and
 * language, kept until its data changes (a review posted, hidden, shown again or deleted; a new
 * catalog version) or a new build replaces the manifest. Anything wrong (no build, an old build without the manifest, a renderer that
 * throws) falls back to the prerendered page, which loads the reviews itself.
 */
export function registerLivePages(
  app: FastifyInstance,
  options: {
    staticDir: string;
    site: StaticSite;
    /** What every rendered page gets before it is sent (the test-mode banner, D24). */
    finish?: (html: string) => string;
  },
): void {
  const finish = options.finish ?? ((html: string) => html);
  const renderers = new Map<string, Promise<Renderer>>();
  /** Address → the data it was rendered with (a version of it) and the render. */
  const rendered = new Map<string, { key: string; html: Promise<string> }>();
  /** Bumped whenever the public reviews change. */
  let reviewsGeneration = 0;

  /** The page's data: a key that changes when the data does, and the data itself. */
  const dataOf = (path: string): { key: string; load(): InitialData } => {
    if (LIVE_PAGE_DATA[path as keyof typeof LIVE_PAGE_DATA] === 'catalog') {
      const catalog = app.services.catalog.current();
      return { key: `catalog:${catalog.version}`, load: () => ({ catalog }) };
    }
    return {
      key: `reviews:${reviewsGeneration}`,
      load: () => ({ reviews: app.services.reviews.list().map(publicReview) }),
    };
  };

  const manifest = buildJsonFile<LivePagesManifest>(
    join(options.staticDir, LIVE_PAGES_MANIFEST),
    (error) =>
      app.log.warn(
        { err: error },
        'live pages: unreadable manifest, serving the prerendered pages',
      ),
  );
  /** The manifest the renders in `rendered` were made with: a new build makes them stale. */
  let renderedWith: LivePagesManifest | null = null;

  const renderer = (file: string): Promise<Renderer> => {
    let loading = renderers.get(file);
    if (!loading) {
      loading = import(pathToFileURL(file).href) as Promise<Renderer>;
      // A failed load is tried again on the next request (the build may be under way).
      loading.catch(() => renderers.delete(file));
      renderers.set(file, loading);
    }
    return loading;
  };

  const render = async (address: string): Promise<string | null> => {
    const current = await manifest();
    if (current !== renderedWith) {
      rendered.clear();
      renderedWith = current;
    }
    const request = current?.pages[address];
    if (!current || !request) return null;
    const data = dataOf(request.path);
    const cached = rendered.get(address);
    if (cached?.key === data.key) return cached.html;
    const html = renderer(current.renderer).then(({ renderPage }) =>
      renderPage({
        ...request,
        // The address the server runs at (SITE_URL), not the build's placeholder (D26).
        siteUrl: app.config.SITE_URL.replace(/\/+$/, ''),
        // The assets were resolved when the page was built; nothing is added at request time.
        assetsForModules: () => ({ modulePreloads: [], styles: [] }),
        initialData: data.load(),
      }).then((page) => finish(page.html)),
    );
    const entry = { key: data.key, html };
    rendered.set(address, entry);
    // Not kept if it failed: the next visitor tries again.
    html.catch(() => {
      if (rendered.get(address) === entry) rendered.delete(address);
    });
    return html;
  };

  const reviewsChanged = () => {
    reviewsGeneration += 1;
  };
  app.events.on('review.posted', reviewsChanged);
  app.events.on('review.moderated', reviewsChanged);

  for (const path of LIVE_PAGE_PATHS) {
    for (const language of LANGUAGES) {
      const address = localizedPath(path, language);
      // `/reviews/` is the same page, as the static files answer it for every other page.
      app.get(`${address}/`, (request, reply) => page(address, request, reply));
      app.get(address, (request, reply) => page(address, request, reply));
    }
  }

  async function page(address: string, request: FastifyRequest, reply: FastifyReply) {
    let html: string | null = null;
    try {
      html = await render(address);
    } catch (error) {
      request.log.error(
        { err: error, address },
        'live pages: render failed, serving the prerendered page',
      );
    }
    if (html === null) return options.site.serveIndex(request, reply);
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }
}
