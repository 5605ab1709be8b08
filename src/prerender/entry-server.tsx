// The prerendering entry, built by Vite for Node (scripts/lib/vite-prerender.ts) and run once
// per page and language at build time. Never shipped to browsers.
import '../zod-config';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from '../app/app';
import { env } from '../config/env';
import { createDataPort } from '../data/select-adapter';
import { initI18n } from '../i18n/i18n';
import type { Language } from '../i18n/languages';
import type { InitialData } from '../data/react/initial-data';
import arCommon from '../../locales/ar/common.json';
import enCommon from '../../locales/en/common.json';
import { paths } from '../config/paths';
import { FIRST_CATALOG } from '../domain/pricing';
import { Document, scriptSafeJson, type PageAssets } from './document';
import { movingCompanyJsonLd, pageKeyOf } from './seo';

export interface RenderRequest {
  /** The route as the router sees it, without a language prefix: `/prices`, `/track/…`. */
  path: string;
  language: Language;
  siteUrl: string;
  /** Assets every page gets (the entry and its imports); the page's own are added. */
  assets: PageAssets;
  /** The client build's chunks and their CSS for the page modules that render. */
  assetsForModules(modules: readonly string[]): Pick<PageAssets, 'modulePreloads' | 'styles'>;
  indexable: boolean;
  /** False for a shell the browser renders over instead of hydrating (see Document). */
  hydrate: boolean;
  /** A page rendered at request time: the data it shows, handed to the browser too. */
  initialData?: InitialData;
}

export interface RenderedPage {
  html: string;
  /** Source modules of the screens that rendered (for the caller's checks). */
  modules: string[];
  /** Every asset the page names: what a request-time render of it passes as `assets`. */
  assets: PageAssets;
}

/**
 * Every Suspense boundary inline, where it belongs. By default React moves a large boundary's
 * content to the end of the document with a small inline script to put it back (progressive
 * streaming): the strict CSP would refuse that script and the page would show its fallback.
 */
const STATIC = { progressiveChunkSize: Number.POSITIVE_INFINITY };

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : chunk.toString();
  return html;
}

/** What React escapes in a <title>, read back. */
function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The page's own description (common:meta.pages.<route key>), else the site's. */
function describe(i18n: { t(key: string): string; exists(key: string): boolean }, path: string) {
  const key = `common:meta.pages.${pageKeyOf(path) ?? ''}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('common:meta.description');
}

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const i18n = createInstance();
  await initI18n(i18n, { language: request.language, server: true });
  const modules = new Set<string>();
  const app = (
    <I18nextProvider i18n={i18n}>
      <App
        port={createDataPort(env.backend)}
        location={request.path}
        renderedModules={modules}
        {...(request.initialData ? { initialData: request.initialData } : {})}
      />
    </I18nextProvider>
  );

  // First pass: render the app alone, which loads every screen chunk and namespace it needs
  // (prerender waits for all of them), so the document can list their styles and strings.
  const body = await streamToString((await prerenderToNodeStream(app, STATIC)).prelude);
  // The page's own <title> (PageTitle), for its link previews; React hoists it into the head.
  const title = decodeEntities(
    /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? i18n.t('common:brand.name'),
  );

  // react-i18next notes each namespace a component asked for.
  const reported = (i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } })
    .reportNamespaces;
  const used: string[] = reported?.getUsedNamespaces() ?? ['common'];
  const strings = Object.fromEntries(
    used.map((ns) => [ns, i18n.getResourceBundle(request.language, ns) as unknown]),
  );
  const own = request.assetsForModules([...modules]);
  const assets: PageAssets = {
    ...request.assets,
    modulePreloads: [...new Set([...request.assets.modulePreloads, ...own.modulePreloads])],
    styles: [...new Set([...request.assets.styles, ...own.styles])],
  };
  const { prelude } = await prerenderToNodeStream(
    <Document
      language={request.language}
      path={request.path}
      siteUrl={request.siteUrl}
      title={title}
      description={describe(i18n, request.path)}
      siteName={i18n.t('common:brand.name')}
      imageAlt={i18n.t('common:meta.imageAlt')}
      {...(request.path === paths.home
        ? {
            jsonLd: scriptSafeJson(
              movingCompanyJsonLd({
                siteUrl: request.siteUrl,
                language: request.language,
                names: { ar: arCommon.brand.name, en: enCommon.brand.name },
                telephone: env.phoneNumber,
                catalog: request.initialData?.catalog ?? FIRST_CATALOG,
              }),
            ),
          }
        : {})}
      themeColor="#0e7490"
      assets={assets}
      translations={scriptSafeJson({ [request.language]: strings })}
      indexable={request.indexable}
      hydrate={request.hydrate}
      {...(request.initialData ? { data: scriptSafeJson(request.initialData) } : {})}
    >
      {app}
    </Document>,
    STATIC,
  );
  return { html: await streamToString(prelude), modules: [...modules], assets };
}
