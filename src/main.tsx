import './zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Resource } from 'i18next';
import './styles/global.css';
import { initI18n } from './i18n/i18n';
import { App } from './app/app';
import { createLanguageHistory } from './app/language-history';
import { env } from './config/env';
import { createDataPort } from './data/select-adapter';
import { preloadScreens } from './app/routes';
import { stripLanguagePrefix } from './i18n/languages';
import { reportWebVitals } from './analytics/analytics';
import { TRANSLATIONS_ELEMENT_ID } from './prerender/ids';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The strings a prerendered page was rendered with: hydration needs them before any request. */
function prerenderedStrings(): Resource | undefined {
  const element = document.getElementById(TRANSLATIONS_ELEMENT_ID);
  const text = element?.textContent;
  // Read once, then gone: the page's text is the page, not a copy of every string.
  element?.remove();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Resource;
  } catch {
    return undefined;
  }
}

/** Lets the browser paint and answer taps between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Start-up in small tasks: on a slow phone every task over 50 ms is a moment when a tap gets no
 * answer. The strings and the screen's code first; then the data port and the browser history,
 * which React would otherwise create inside its first slice of work; then hydration itself, in
 * a transition, so React works in slices of a few milliseconds and yields between them (at the
 * default priority it would hydrate the whole page in one long task).
 */
async function start(container: HTMLElement): Promise<void> {
  const hydrating = container.hasAttribute('data-hydrate');
  await Promise.all([
    initI18n(undefined, { resources: prerenderedStrings() }),
    // The page's screen code, before hydrating: nothing may suspend while React takes over.
    // If that fails (a deploy replaced the chunk), the screen's own loading and retry take over.
    hydrating
      ? preloadScreens(stripLanguagePrefix(window.location.pathname)).catch(() => {})
      : null,
  ]);
  await nextTask();
  const port = createDataPort(env.backend);
  const history = createLanguageHistory();
  await nextTask();
  const app = (
    <StrictMode>
      <App port={port} history={history} />
    </StrictMode>
  );
  if (hydrating) {
    // The page's HTML is already there (prerendered): React takes it over without repainting.
    // A mismatch is a bug, reported like any other error.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error('Hydration:', error),
      });
    });
  } else {
    // Vite's dev page, or a shell standing in for a page that can't be known in advance.
    createRoot(container).render(app);
  }
}

void start(container);

// Web vitals load after the page has settled, never competing with the first paint.
const startVitals = () => void reportWebVitals().catch(() => {});
if ('requestIdleCallback' in window) window.requestIdleCallback(startVitals, { timeout: 5000 });
else setTimeout(startVitals, 3000);
