/** The app's two display languages; the domain keeps its own copy so it never imports i18n. */
export const DISPLAY_LANGUAGES = ['ar', 'en'] as const;
export type DisplayLanguage = (typeof DISPLAY_LANGUAGES)[number];

/**
 * Egyptian variants of both: ar-EG writes Arabic-Indic digits and the Arabic currency sign, which
 * reads correctly inside Arabic text; en-EG keeps Egyptian conventions for English readers.
 */
export function intlLocale(language: DisplayLanguage): string {
  return language === 'en' ? 'en-EG' : 'ar-EG';
}
