/** The element a prerendered page carries its strings in (JSON, not executed). */
export const TRANSLATIONS_ELEMENT_ID = 'afsh-i18n';
/** The element a prerendered page lists its modules in (JSON, read by the page script). */
export const MODULES_ELEMENT_ID = 'afsh-modules';
/** The element the app renders into. */
export const ROOT_ELEMENT_ID = 'root';
/** Set on #root once the app has taken over the page: forms may be sent from then on. */
export const LIVE_ATTRIBUTE = 'data-live';
/**
 * Set on #root once the app's first render has committed and its effects have run (listeners
 * attached, stores read): what a test waits for before it acts on the page.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/** The element a page rendered at request time carries its data in (JSON, read by main.tsx). */
export const DATA_ELEMENT_ID = 'afsh-data';
/**
 * The home page's schema.org data (JSON-LD). The self-hosted server replaces its content as it
 * serves the page, with the current catalog's prices and the published reviews' rating (D26).
 */
export const JSON_LD_ELEMENT_ID = 'afsh-ld';
