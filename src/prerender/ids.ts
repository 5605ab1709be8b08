/** The element a prerendered page carries its strings in (JSON, not executed). */
export const TRANSLATIONS_ELEMENT_ID = 'afsh-i18n';
