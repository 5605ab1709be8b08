import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { paths } from '../../src/config/paths.ts';
import { announcesTestPayments } from '../../src/domain/production-problems.ts';
import {
  readTestModeBannerTexts,
  withTestModeBanner,
} from '../../src/prerender/test-mode-banner.ts';
import { hostedSettings } from './hosted-env.ts';
import { localizedPath, LANGUAGES, type Language } from '../../src/i18n/languages.ts';
import type { PageAssets } from '../../src/prerender/document.tsx';
import type { RenderRequest, RenderedPage } from '../../src/prerender/entry-server.tsx';
import {
  LIVE_PAGE_PATHS,
  LIVE_PAGES_MANIFEST,
  type LivePagesManifest,
} from '../../src/prerender/live-pages.ts';
import {
  PUBLIC_PAGES,
  robotsTxt,
  SITE_ORIGIN_PLACEHOLDER,
  sitemapXml,
} from '../../src/prerender/seo.ts';

/** Every route but the one with a parameter, which gets a shell (TRACK_SHELL). */
const STATIC_PAGES: readonly string[] = Object.values(paths).filter((path) => !path.includes(':'));

/** Stands in for /track/<any number>: the tracking screen, rendered over in the browser. */
export const TRACK_SHELL = { route: paths.trackOrder, file: 'track/_/index.html' } as const;
/** What an address that is no page gets, with status 404. */
export const NOT_FOUND_FILE = '404.html';
/** Written beside the pages: which addresses have a prerendered file (the server reads it). */
export const PRERENDER_MANIFEST = 'prerendered.json';

export interface PrerenderManifest {
  /** Address → file under the build directory, for both languages (`/en/prices`). */
  pages: Record<string, string>;
  /** Address prefix → shell file (`/track/` and `/en/track/`). */
  shells: Record<string, string>;
  /** Language → the not-found page. */
  notFound: Record<Language, string>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type ClientManifest = Record<string, ManifestChunk>;

function fileFor(path: string, language: Language): string {
  const localized = localizedPath(path, language);
  return localized === '/' ? 'index.html' : `${localized.replace(/^\/|\/$/g, '')}/index.html`;
}

/** A chunk's own file and CSS and those of everything it imports statically. */
function closure(manifest: ClientManifest, keys: readonly string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * Prerenders every page of the SPA at build time (issue 12): after the client build, builds
 * src/prerender/entry-server.tsx for Node, renders each route in both languages with React's
 * static renderer, and writes real HTML (content, title, lang/dir, the page's own CSS) that the
 * browser then hydrates. Vite's own index.html stays as `shell.html` for anything unforeseen.
 */
export function prerender(options: { siteUrl: string; backend: 'http' | 'firebase' }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'afsh-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || process.env.VITEST) return;
      const outDir = resolve(config.root, config.build.outDir);
      // One renderer per build directory: the server of one build may still be using it while
      // another directory is built. Under node_modules, where its imports (React) resolve.
      const ssrDir = resolve(
        config.root,
        'node_modules/.cache/afsh-prerender',
        createHash('sha256').update(outDir).digest('hex').slice(0, 12),
      );
      const live = options.backend === 'http';
      // The self-hosted server knows its address only when it runs (SITE_URL): its pages carry a
      // placeholder origin it replaces as it serves them. A hosted build has no server to do
      // that, so its links are the build's VITE_SITE_URL (D26).
      const siteUrl = live ? SITE_ORIGIN_PLACEHOLDER : options.siteUrl;
      await build({
        root: config.root,
        mode: config.mode,
        configFile: config.configFile,
        logLevel: 'warn',
        build: {
          ssr: 'src/prerender/entry-server.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
        },
      });
      // No cache-busting query: the screen chunks import this same file by its plain URL, and a
      // second copy of it would have contexts of its own.
      const server = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
        renderPage(request: RenderRequest): Promise<RenderedPage>;
      };

      const manifest = JSON.parse(
        await readFile(join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as ClientManifest;
      const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
      if (!entryKey) throw new Error('prerender: the client manifest has no entry');
      const entry = manifest[entryKey]!;
      // The entry imports the app in stages (src/main.tsx): every page needs those stages' code.
      // Web vitals are imported when the browser is idle, and are not worth fetching early.
      const stages = (entry.dynamicImports ?? []).filter((key) => !key.includes('web-vitals'));
      const base = closure(manifest, [entryKey, ...stages]);
      const fontFiles = (await readdir(join(outDir, 'assets'))).filter((name) =>
        /^cairo-(arabic|latin)-wght-normal-.*\.woff2$/.test(name),
      );
      // The faces a page's first screen draws with, fetched with the stylesheets rather than
      // discovered at the first layout. English needs Cairo's Latin file only. Arabic needs the
      // Arabic file and the Latin one too: Cairo keeps the full stop, colon, brackets and digits
      // that Arabic sentences and phone numbers use in its Latin file, so an Arabic page would
      // otherwise find it needs that file halfway through its first layout.
      const fontsFor = (language: Language) =>
        fontFiles
          .filter(
            (name) =>
              name.startsWith('cairo-latin-wght') ||
              (language === 'ar' && name.startsWith('cairo-arabic')),
          )
          .sort((a, b) =>
            a.startsWith('cairo-arabic') ? -1 : b.startsWith('cairo-arabic') ? 1 : 0,
          )
          .map((name) => `/assets/${name}`);

      const assetsFor = (language: Language, path: string): PageAssets => ({
        entry: `/${entry.file}`,
        modulePreloads: base.scripts.filter((file) => file !== `/${entry.file}`),
        styles: base.styles,
        fonts: fontsFor(language),
        ...(path === paths.home ? { preloadImage: '/media/hero-poster.webp' } : {}),
      });
      const assetsForModules = (modules: readonly string[]) => {
        const own = closure(manifest, modules);
        return { modulePreloads: own.scripts, styles: own.styles };
      };

      // Vite's index.html is replaced by the prerendered home page; keep it as the shell.
      await rename(join(outDir, 'index.html'), join(outDir, 'shell.html'));

      const result: PrerenderManifest = { pages: {}, shells: {}, notFound: { ar: '', en: '' } };
      // A hosted build that takes test payments on purpose says so on every page (D24); the
      // self-hosted server puts the banner in as it serves a page, from its own settings.
      const banner =
        !live && announcesTestPayments(hostedSettings(config.root, config.mode), 'hosted')
          ? readTestModeBannerTexts(join(config.root, 'locales'))
          : null;
      const write = async (file: string, html: string) => {
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        const page = banner && file.endsWith('.html') ? withTestModeBanner(html, banner) : html;
        await writeFile(join(outDir, file), page);
      };
      if (banner) await write('shell.html', await readFile(join(outDir, 'shell.html'), 'utf8'));
      const render = (path: string, language: Language, extra: Partial<RenderRequest> = {}) =>
        server.renderPage({
          path,
          language,
          siteUrl,
          assets: assetsFor(language, path),
          assetsForModules,
          indexable: PUBLIC_PAGES.includes(path),
          // The private and mid-booking screens depend on the visitor's session and stored
          // flow, which a build cannot know: their HTML is a shell the browser renders over.
          hydrate: PUBLIC_PAGES.includes(path),
          ...extra,
        });

      const livePages: LivePagesManifest = { renderer: join(ssrDir, 'entry-server.js'), pages: {} };
      for (const language of LANGUAGES) {
        for (const path of STATIC_PAGES) {
          const file = fileFor(path, language);
          const page = await render(path, language);
          await write(file, page.html);
          result.pages[localizedPath(path, language)] = file;
          if (live && LIVE_PAGE_PATHS.includes(path)) {
            livePages.pages[localizedPath(path, language)] = {
              path,
              language,
              siteUrl,
              assets: page.assets,
              indexable: PUBLIC_PAGES.includes(path),
              hydrate: true,
            };
          }
        }
        const shell = language === 'ar' ? TRACK_SHELL.file : `en/${TRACK_SHELL.file}`;
        // Indexable as the tracking form it shows (its canonical address); no order's data is in it.
        const page = await render(TRACK_SHELL.route, language, { hydrate: false });
        await write(shell, page.html);
        result.shells[localizedPath('/track/', language)] = shell;
        const notFound = language === 'ar' ? NOT_FOUND_FILE : `en/${NOT_FOUND_FILE}`;
        const missing = await render('/__not-found__', language, { indexable: false });
        await write(notFound, missing.html);
        result.notFound[language] = notFound;
      }
      await writeFile(join(outDir, PRERENDER_MANIFEST), `${JSON.stringify(result, null, 2)}\n`);
      await rm(join(outDir, dirname(LIVE_PAGES_MANIFEST)), { recursive: true, force: true });
      // The self-hosted server answers these itself from SITE_URL; a hosted site serves files.
      if (!live) {
        await write('robots.txt', robotsTxt(siteUrl));
        await write('sitemap.xml', sitemapXml(siteUrl));
      }
      if (live) {
        await write(LIVE_PAGES_MANIFEST, `${JSON.stringify(livePages, null, 2)}\n`);
      } else if (!process.env.AFSH_KEEP_SSR) {
        await rm(ssrDir, { recursive: true, force: true });
      }
      config.logger.info(
        `prerendered ${Object.keys(result.pages).length} pages, 2 shells and 2 not-found pages`,
      );
    },
  };
}
