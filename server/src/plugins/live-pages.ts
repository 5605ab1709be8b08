import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Review } from '../../../src/domain/reviews.ts';
import { LANGUAGES, localizedPath } from '../../../src/i18n/languages.ts';
import {
  LIVE_PAGE_PATHS,
  LIVE_PAGES_MANIFEST,
  type LivePageRequest,
  type LivePagesManifest,
} from '../../../src/prerender/live-pages.ts';
import type { StaticSite } from './static.ts';

interface Renderer {
  renderPage(
    request: LivePageRequest & {
      assetsForModules(modules: readonly string[]): { modulePreloads: string[]; styles: string[] };
      initialData: { reviews: Review[] };
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
 * The live pages (src/prerender/live-pages.ts: the reviews) rendered at request time with their
 * data, by the renderer the build left for them, so the reviews are in the HTML a phone receives
 * rather than arriving after the page's code. One render per page and language, kept until the
 * public list changes (a review posted, hidden, shown again or deleted) or a new build replaces
 * the manifest. Anything wrong (no build, an old build without the manifest, a renderer that
 * throws) falls back to the prerendered page, which loads the reviews itself.
 */
export function registerLivePages(
  app: FastifyInstance,
  options: { staticDir: string; site: StaticSite },
): void {
  const manifestFile = join(options.staticDir, LIVE_PAGES_MANIFEST);
  let loaded: { mtimeMs: number; manifest: LivePagesManifest | null } | null = null;
  const renderers = new Map<string, Promise<Renderer>>();
  const rendered = new Map<string, Promise<string>>();

  const manifest = async (): Promise<LivePagesManifest | null> => {
    const mtimeMs = await stat(manifestFile).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    if (loaded?.mtimeMs === mtimeMs) return loaded.manifest;
    let read: LivePagesManifest | null = null;
    if (mtimeMs >= 0) {
      try {
        read = JSON.parse(await readFile(manifestFile, 'utf8')) as LivePagesManifest;
      } catch (error) {
        app.log.warn(
          { err: error },
          'live pages: unreadable manifest, serving the prerendered pages',
        );
      }
    }
    loaded = { mtimeMs, manifest: read };
    rendered.clear();
    return read;
  };

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
    const request = current?.pages[address];
    if (!current || !request) return null;
    let html = rendered.get(address);
    if (!html) {
      html = renderer(current.renderer).then(({ renderPage }) =>
        renderPage({
          ...request,
          // The assets were resolved when the page was built; nothing is added at request time.
          assetsForModules: () => ({ modulePreloads: [], styles: [] }),
          initialData: { reviews: app.services.reviews.list().map(publicReview) },
        }).then((page) => page.html),
      );
      rendered.set(address, html);
      // Not kept if it failed: the next visitor tries again.
      html.catch(() => rendered.delete(address));
    }
    return html;
  };

  const forget = () => rendered.clear();
  app.events.on('review.posted', forget);
  app.events.on('review.moderated', forget);

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
