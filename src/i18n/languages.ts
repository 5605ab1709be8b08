export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
/** localStorage key holding the visitor's chosen language. */
export const LANGUAGE_STORAGE_KEY = 'afsh.lang';

export function isLanguage(value: unknown): value is Language {
  return value === 'ar' || value === 'en';
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export function readStoredLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames); Arabic is the default then.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not fatal: the choice simply won't persist.
  }
}

/** `<html lang dir>` follows the language (docs/architecture.md habit 7). */
export function applyDocumentLanguage(language: Language, doc: Document = document): void {
  doc.documentElement.lang = language;
  doc.documentElement.dir = directionOf(language);
}

/**
 * English pages live under `/en` (`/en/prices`), Arabic ones at the spec's paths (`/prices`), so
 * each language has its own prerendered HTML and search engines find both. The router never sees
 * the prefix (app/language-history.ts adds and strips it).
 */
export const LANGUAGE_PREFIX: Readonly<Record<Language, string>> = { ar: '', en: '/en' };

/** The language a URL path is in: `/en` and `/en/...` are English, everything else Arabic. */
export function languageOfPath(pathname: string): Language {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'ar';
}

/** A path without its language prefix: `/en/prices` → `/prices`, `/en` → `/`. */
export function stripLanguagePrefix(pathname: string): string {
  if (languageOfPath(pathname) === 'ar') return pathname;
  const rest = pathname.slice(LANGUAGE_PREFIX.en.length);
  return rest === '' ? '/' : rest;
}

/** The same page in `language`: `localizedPath('/prices', 'en')` → `/en/prices`. */
export function localizedPath(pathname: string, language: Language): string {
  const bare = stripLanguagePrefix(pathname);
  if (language === 'ar') return bare;
  return bare === '/' ? `${LANGUAGE_PREFIX.en}/` : `${LANGUAGE_PREFIX.en}${bare}`;
}
