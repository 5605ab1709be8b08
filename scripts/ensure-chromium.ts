import { ensureChromium } from './lib/chromium.ts';

// Run before the e2e tests and the bundle budget: fail loudly, never skip, when there is no browser.
try {
  ensureChromium();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
