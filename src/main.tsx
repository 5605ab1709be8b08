// The browser entry, started by the page script once the prerendered page has been drawn
// (src/prerender/page-script.ts). It statically imports almost nothing: on a slow phone every
// task over 50 ms is a moment when a tap gets no answer, and a module graph is evaluated in one
// task. So the app comes in stages, each its own task: the strings; React, the router and the
// app's shell; the screen's code; then React DOM, which hydrates (or renders over a shell) in a
// transition (in slices of a few milliseconds, where the default priority would take the whole
// page in one task).
import './zod-config';
import type { Resource } from 'i18next';
import './styles/global.css';
import { stripLanguagePrefix } from './i18n/languages';
import { hasAnalyticsSink, reportWebVitals } from './analytics/analytics';
import { registerServiceWorker } from './app/service-worker';
import type { InitialData } from './data/react/initial-data';
import { yieldToMain } from './app/yield-to-main';
import { markPageHydrating } from './components/ui/hydration-phase';
import {
  DATA_ELEMENT_ID,
  HYDRATED_ATTRIBUTE,
  LIVE_ATTRIBUTE,
  ROOT_ELEMENT_ID,
  TRANSLATIONS_ELEMENT_ID,
} from './prerender/ids';

/**
 * JSON the page carries for hydration: the strings it was rendered with, and the data of a page
 * rendered at request time. Read once, then gone: the page's text is the page, not a copy of it.
 */
function embeddedJson<T>(id: string): T | undefined {
  const element = document.getElementById(id);
  const text = element?.textContent;
  element?.remove();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Lets the browser paint and answer taps between two pieces of start-up work. */
const nextTask = () => yieldToMain();

async function start(container: HTMLElement): Promise<void> {
  const hydrating = container.hasAttribute('data-hydrate');
  const { initI18n } = await import('./i18n/i18n');
  await initI18n(undefined, { resources: embeddedJson<Resource>(TRANSLATIONS_ELEMENT_ID) });
  await nextTask();
  const { browserApp, preloadScreens } = await import('./app/browser-start');
  await nextTask();
  // The page's screen code first: nothing may suspend while React takes over (a shell too,
  // which would otherwise be replaced by the screen's loading state and then the screen).
  // If that fails (a deploy replaced the chunk), the screen's own loading and retry take over.
  await preloadScreens(stripLanguagePrefix(window.location.pathname)).catch(() => {});
  await nextTask();
  // A shell is inert until the app has replaced it (see Document).
  const app = browserApp(
    embeddedJson<InitialData>(DATA_ELEMENT_ID),
    () => container.removeAttribute('inert'),
    () => container.setAttribute(HYDRATED_ATTRIBUTE, ''),
  );
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  const { startTransition } = await import('react');
  await nextTask();
  // From here React answers a form's submit (the page script held it back until now).
  container.setAttribute(LIVE_ATTRIBUTE, '');
  // In a transition either way: React renders in slices of a few milliseconds and keeps what is
  // on the page until it commits, where the default priority would be one long task.
  if (hydrating) markPageHydrating();
  startTransition(() => {
    if (hydrating) {
      // The page's HTML is already there (prerendered): React takes it over without repainting.
      // A mismatch is a bug, reported like any other error.
      // Parts of the page wrapped in HydrateLater stay as prerendered until needed (D23).
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error('Hydration:', error),
      });
    } else {
      // Vite's dev page, or a shell standing in for a page that can't be known in advance (one
      // order's tracking): the shell stays drawn until the app's first render replaces it.
      createRoot(container).render(app);
    }
  });
}

const container = document.getElementById(ROOT_ELEMENT_ID);
if (!container) throw new Error('index.html has no #root element');
void start(container);
// Offline use (D26): registered after load, when the browser is idle.
registerServiceWorker();

// Web vitals load after the page has settled, never competing with the first paint, and only
// for a deployment that plugged an analytics sink in (before this line): the default sink drops
// every event, and a customer on mobile data should not download a measuring library for it.
const startVitals = () => void reportWebVitals().catch(() => {});
if (hasAnalyticsSink()) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(startVitals, { timeout: 5000 });
  else setTimeout(startVitals, 3000);
}
