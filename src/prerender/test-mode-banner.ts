// The test-mode banner (D24): with PAYMENT_TEST_MODE=allowed, every page says that payments
// are a trial, in Arabic and in English, before anything else on it. It is HTML put into the
// page outside the app's root (the self-hosted server puts it in as it serves a page; a hosted
// build has it built in), so the app never draws it, hydration never sees it, and it stays on
// every screen the visitor moves to, whatever language they switch to.

// Node only (the server and the build): it reads the words from the locale bundles' files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const TEST_MODE_BANNER_ID = 'test-mode-banner';

export interface TestModeBannerTexts {
  ar: { title: string; banner: string };
  en: { title: string; banner: string };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The banner, the page's language first. */
export function testModeBannerHtml(texts: TestModeBannerTexts, pageLanguage: 'ar' | 'en'): string {
  const order: ('ar' | 'en')[] = pageLanguage === 'en' ? ['en', 'ar'] : ['ar', 'en'];
  const label = order.map((language) => texts[language].title).join(' · ');
  const lines = order
    .map(
      (language) =>
        `<p lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">${escapeHtml(texts[language].banner)}</p>`,
    )
    .join('');
  return `<aside id="${TEST_MODE_BANNER_ID}" class="test-mode-banner" aria-label="${escapeHtml(label)}">${lines}</aside>`;
}

export function hasTestModeBanner(html: string): boolean {
  return html.includes(`id="${TEST_MODE_BANNER_ID}"`);
}

/** `html` with the banner first in its body (once: a page that has it is left as it is). */
export function withTestModeBanner(html: string, texts: TestModeBannerTexts): string {
  if (hasTestModeBanner(html)) return html;
  const language = /<html\b[^>]*\blang="en"/i.test(html) ? 'en' : 'ar';
  return html.replace(/<body\b[^>]*>/i, (body) => body + testModeBannerHtml(texts, language));
}

/** The banner's words, from the payment screens' bundles (`<localesDir>/<language>/payment.json`). */
export function readTestModeBannerTexts(localesDir: string): TestModeBannerTexts {
  const read = (language: 'ar' | 'en') => {
    const bundle = JSON.parse(readFileSync(join(localesDir, language, 'payment.json'), 'utf8')) as {
      testMode: { title: string; banner: string };
    };
    return { title: bundle.testMode.title, banner: bundle.testMode.banner };
  };
  return { ar: read('ar'), en: read('en') };
}
