/** The service worker's address (built from src/sw/sw.ts by vite-plugin-pwa, D26). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded and the browser is idle, so it never
 * competes with the first paint or hydration: it then fetches the shell in the background. Not
 * in development (Vite's dev server has no built worker), nor where browsers have none.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // Not fatal: the site works without it, only not offline.
    });
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 10_000 });
    else setTimeout(register, 3000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
