import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import {
  applyDocumentLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  languageOfPath,
  readStoredLanguage,
  storeLanguage,
  type Language,
} from './languages';

// Each language/namespace pair is its own small chunk: a visitor downloads only the Arabic (or
// English) strings of the screens they open.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

function loadBundle(language: string, namespace: string) {
  const loader = bundles[`../../locales/${language}/${namespace}.json`];
  if (!loader) return Promise.reject(new Error(`No translation bundle ${language}/${namespace}`));
  return loader().then((module) => module.default);
}

/** A missing key is a bug: in development and tests it is reported loudly (e2e fails on it). */
export function reportMissingKey(languages: readonly string[], namespace: string, key: string) {
  console.error(`Missing translation: ${languages.join(',')} ${namespace}:${key}`);
}

export interface I18nOptions {
  /** Default: the page's address says (`/en/...` is English), else the visitor's stored choice. */
  language?: Language;
  /** Strings already at hand (a prerendered page carries the ones it used). */
  resources?: Resource;
  /** Prerendering: no document to update and no storage to remember the choice in. */
  server?: boolean;
}

/** The language of the page being opened: its address decides (D7, issue 12). */
export function initialLanguage(): Language {
  const path = globalThis.location?.pathname;
  if (path === undefined) return readStoredLanguage();
  return languageOfPath(path);
}

export async function initI18n(instance: I18n = i18next, options: I18nOptions = {}): Promise<I18n> {
  const language = options.language ?? initialLanguage();
  if (!options.server) {
    applyDocumentLanguage(language);
    storeLanguage(language);
    instance.on('languageChanged', (next) => {
      const lang = isLanguage(next) ? next : DEFAULT_LANGUAGE;
      applyDocumentLanguage(lang);
      storeLanguage(lang);
    });
  }
  const preloaded = options.resources?.[language];
  await instance
    .use(resourcesToBackend(loadBundle))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: preloaded ? Object.keys(preloaded) : ['common'],
      ...(options.resources ? { resources: options.resources, partialBundledLanguages: true } : {}),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      saveMissingTo: 'current',
      missingKeyHandler: reportMissingKey,
      react: { useSuspense: true },
    });
  return instance;
}
