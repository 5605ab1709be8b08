import { afterEach, describe, expect, it, vi } from 'vitest';
import { localizedPath, languageOfPath, stripLanguagePrefix } from '../i18n/languages';
import { createLanguageHistory } from './language-history';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('language addresses', () => {
  it('English lives under /en, Arabic at the spec’s paths', () => {
    expect(languageOfPath('/en')).toBe('en');
    expect(languageOfPath('/en/prices')).toBe('en');
    expect(languageOfPath('/english')).toBe('ar');
    expect(languageOfPath('/prices')).toBe('ar');
    expect(stripLanguagePrefix('/en/prices')).toBe('/prices');
    expect(stripLanguagePrefix('/en')).toBe('/');
    expect(localizedPath('/prices', 'en')).toBe('/en/prices');
    expect(localizedPath('/', 'en')).toBe('/en/');
    expect(localizedPath('/en/prices', 'ar')).toBe('/prices');
  });
});

describe('the router’s history without the language prefix', () => {
  it('shows /en/prices as /prices, and links and navigations keep the prefix', () => {
    window.history.replaceState(null, '', '/en/prices?x=1');
    const history = createLanguageHistory(window);
    expect(history.location.pathname).toBe('/prices');
    expect(history.location.search).toBe('?x=1');
    expect(history.createHref({ pathname: '/about' })).toBe('/en/about');
    history.push('/contact');
    expect(window.location.pathname).toBe('/en/contact');
    expect(history.location.pathname).toBe('/contact');
  });

  it('switching language rewrites the address in place, and later links follow it', () => {
    window.history.replaceState(null, '', '/prices#top');
    const history = createLanguageHistory(window);
    const listener = vi.fn();
    history.listen(listener);
    const length = window.history.length;
    history.setLanguage('en');
    expect(window.location.pathname + window.location.hash).toBe('/en/prices#top');
    expect(window.history.length).toBe(length);
    expect(history.location.pathname).toBe('/prices');
    expect(listener).not.toHaveBeenCalled();
    expect(history.createHref({ pathname: '/' })).toBe('/en/');
    history.setLanguage('ar');
    expect(window.location.pathname).toBe('/prices');
    expect(history.createHref({ pathname: '/about' })).toBe('/about');
  });

  it('takes more than one listener (the router and the language switch)', () => {
    window.history.replaceState(null, '', '/');
    const history = createLanguageHistory(window);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = history.listen(first);
    history.listen(second);
    window.history.pushState(null, '', '/en/about');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(first).toHaveBeenCalledWith(
      expect.objectContaining({ location: expect.objectContaining({ pathname: '/about' }) }),
    );
    expect(second).toHaveBeenCalled();
    stopFirst();
    window.history.pushState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
