import { createContext } from 'react';

/**
 * While prerendering, the set the screens that render add their source modules to, so the page
 * can link their stylesheets and preload their code. Null in the browser.
 */
export const RenderedModulesContext = createContext<Set<string> | null>(null);
