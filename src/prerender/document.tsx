import type { ReactNode } from 'react';
import { directionOf, localizedPath, type Language } from '../i18n/languages';
import {
  DATA_ELEMENT_ID,
  MODULES_ELEMENT_ID,
  ROOT_ELEMENT_ID,
  TRANSLATIONS_ELEMENT_ID,
} from './ids';
import { PAGE_SCRIPT, type PageModules } from './page-script';

/** `<` as \u003c: a string can never close the script element it travels in. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** What the built client needs on a page: its entry script, preloads and stylesheets. */
export interface PageAssets {
  entry: string;
  modulePreloads: readonly string[];
  styles: readonly string[];
  /** Fonts the first screen draws with (woff2, same origin). */
  fonts: readonly string[];
  /** An image to fetch early (the home page's hero poster). */
  preloadImage?: string;
}

export interface DocumentProps {
  language: Language;
  /** The page's path without the language prefix (`/prices`). */
  path: string;
  /** `https://afsh.example`: canonical and alternate links must be absolute. */
  siteUrl: string;
  description: string;
  themeColor: string;
  assets: PageAssets;
  /** The translations the page used, handed to the client so hydration needs no request. */
  translations: string;
  /** Whether search engines should list this page (a shell for a private page: no). */
  indexable: boolean;
  /**
   * Whether the browser hydrates this HTML (the same page) or renders over it (a shell standing
   * in for pages it cannot know in advance, such as one order's tracking).
   */
  hydrate: boolean;
  /** A page rendered at request time: its data as script-safe JSON, for the first render. */
  data?: string;
  children: ReactNode;
}

/**
 * A whole prerendered page. The page itself renders its <title> (React places it in the head);
 * this adds what every page has: language and direction, description, canonical and hreflang
 * alternates, the stylesheets, and the strings and module list for hydration. The one inline
 * script (PAGE_SCRIPT) sends a visitor who chose English to the English page before the first
 * paint, and loads the page's code once it has been drawn.
 */
export function Document({
  language,
  path,
  siteUrl,
  description,
  themeColor,
  assets,
  translations,
  indexable,
  hydrate,
  data,
  children,
}: DocumentProps) {
  const url = (lang: Language) => siteUrl + localizedPath(path, lang);
  const modules: PageModules = { entry: assets.entry, preload: assets.modulePreloads };
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={themeColor} />
        <meta name="description" content={description} />
        {indexable ? (
          <>
            <link rel="canonical" href={url(language)} />
            <link rel="alternate" hrefLang="ar" href={url('ar')} />
            <link rel="alternate" hrefLang="en" href={url('en')} />
            <link rel="alternate" hrefLang="x-default" href={url('ar')} />
          </>
        ) : (
          <meta name="robots" content="noindex" />
        )}
        <script dangerouslySetInnerHTML={{ __html: PAGE_SCRIPT }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {assets.fonts.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
        {assets.preloadImage && (
          <link rel="preload" href={assets.preloadImage} as="image" fetchPriority="high" />
        )}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        {/* A shell is inert until the app replaces it: what a visitor typed into it would be lost. */}
        <div
          id={ROOT_ELEMENT_ID}
          data-hydrate={hydrate ? '' : undefined}
          inert={hydrate ? undefined : true}
        >
          {children}
        </div>
        <script
          type="application/json"
          id={TRANSLATIONS_ELEMENT_ID}
          dangerouslySetInnerHTML={{ __html: translations }}
        />
        {data !== undefined && (
          <script
            type="application/json"
            id={DATA_ELEMENT_ID}
            dangerouslySetInnerHTML={{ __html: data }}
          />
        )}
        <script
          type="application/json"
          id={MODULES_ELEMENT_ID}
          dangerouslySetInnerHTML={{ __html: scriptSafeJson(modules) }}
        />
      </body>
    </html>
  );
}
