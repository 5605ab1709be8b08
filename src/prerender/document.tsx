import type { ReactNode } from 'react';
import { directionOf, localizedPath, type Language } from '../i18n/languages';
import {
  DATA_ELEMENT_ID,
  JSON_LD_ELEMENT_ID,
  MODULES_ELEMENT_ID,
  ROOT_ELEMENT_ID,
  TRANSLATIONS_ELEMENT_ID,
} from './ids';
import { PAGE_SCRIPT, type PageModules } from './page-script';
import { OG_IMAGE } from './seo';

/** Open Graph's locale names. */
const OG_LOCALE: Readonly<Record<Language, string>> = { ar: 'ar_EG', en: 'en_US' };
/** The web app manifest of each language (name, start page, direction). */
export const MANIFEST_OF: Readonly<Record<Language, string>> = {
  ar: '/manifest.webmanifest',
  en: '/manifest.en.webmanifest',
};

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
  /** The page's title as its <title> reads (for link previews). */
  title: string;
  /** The page's own description (common:meta.pages). */
  description: string;
  /** The brand, for og:site_name. */
  siteName: string;
  /** What the preview image shows, for those who cannot see it. */
  imageAlt: string;
  /** schema.org data for the page (the home page's MovingCompany), script-safe JSON. */
  jsonLd?: string;
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
  title,
  description,
  siteName,
  imageAlt,
  jsonLd,
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
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={siteName} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {indexable && <meta property="og:url" content={url(language)} />}
        <meta property="og:image" content={siteUrl + OG_IMAGE.path} />
        <meta property="og:image:type" content="image/png" />
        <meta property="og:image:width" content={String(OG_IMAGE.width)} />
        <meta property="og:image:height" content={String(OG_IMAGE.height)} />
        <meta property="og:image:alt" content={imageAlt} />
        <meta property="og:locale" content={OG_LOCALE[language]} />
        <meta property="og:locale:alternate" content={OG_LOCALE[language === 'ar' ? 'en' : 'ar']} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={siteUrl + OG_IMAGE.path} />
        <meta name="twitter:image:alt" content={imageAlt} />
        <script dangerouslySetInnerHTML={{ __html: PAGE_SCRIPT }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href={MANIFEST_OF[language]} />
        {jsonLd !== undefined && (
          <script
            type="application/ld+json"
            id={JSON_LD_ELEMENT_ID}
            dangerouslySetInnerHTML={{ __html: jsonLd }}
          />
        )}
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
