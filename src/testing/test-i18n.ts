import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../i18n/languages';
import { applyDocumentLanguage } from '../i18n/languages';

// Component tests load every bundle eagerly so nothing suspends, and a missing key throws:
// a screen that shows "home:hero.title" to a customer must fail its test.
const bundles = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function allResources(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(bundles)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = content;
  }
  return resources;
}

export function createTestI18n(language: Language = 'ar'): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (next) => applyDocumentLanguage(next === 'en' ? 'en' : 'ar'));
  // initAsync false: with inline resources the instance is ready when init returns.
  void instance.use(initReactI18next).init({
    initAsync: false,
    lng: language,
    fallbackLng: false,
    resources: allResources(),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    saveMissing: true,
    saveMissingTo: 'current',
    missingKeyHandler: (_lngs, namespace, key) => {
      throw new Error(`Missing translation: ${namespace}:${key}`);
    },
    react: { useSuspense: false },
  });
  applyDocumentLanguage(language);
  return instance;
}
