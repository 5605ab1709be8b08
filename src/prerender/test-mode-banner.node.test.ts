import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  hasTestModeBanner,
  readTestModeBannerTexts,
  testModeBannerHtml,
  withTestModeBanner,
} from './test-mode-banner';

const texts = readTestModeBannerTexts(join(import.meta.dirname, '..', '..', 'locales'));

describe('the test-mode banner (D24)', () => {
  it('reads its words from both languages’ payment bundles', () => {
    expect(texts.ar.title).toBe('وضع تجريبي');
    expect(texts.en.title).toBe('Test mode');
    expect(texts.ar.banner).toMatch(/لا يُخصم أي مبلغ/);
    expect(texts.en.banner).toMatch(/no money is charged/);
  });

  it('goes first in the body, once, the page’s language first, each line in its direction', () => {
    const arabic =
      '<!doctype html><html lang="ar" dir="rtl"><head></head><body class="x"><div id="root"></div></body></html>';
    const once = withTestModeBanner(arabic, texts);
    expect(once).toMatch(/<body class="x"><aside id="test-mode-banner"[^>]*>/);
    expect(once.indexOf('lang="ar" dir="rtl"')).toBeLessThan(once.indexOf('lang="en" dir="ltr"'));
    expect(withTestModeBanner(once, texts)).toBe(once);
    expect(hasTestModeBanner(once)).toBe(true);
    expect(hasTestModeBanner(arabic)).toBe(false);

    const english = withTestModeBanner(
      arabic.replace('lang="ar" dir="rtl"', 'lang="en" dir="ltr"'),
      texts,
    );
    const banner = english.slice(english.indexOf('<aside'));
    expect(banner.indexOf('<p lang="en"')).toBeLessThan(banner.indexOf('<p lang="ar"'));
  });

  it('escapes what it is given', () => {
    const html = testModeBannerHtml(
      { ar: { title: 'a', banner: '<b>&' }, en: { title: '"t"', banner: 'x' } },
      'ar',
    );
    expect(html).toContain('&lt;b&gt;&amp;');
    expect(html).toContain('aria-label="a · &quot;t&quot;"');
  });
});
