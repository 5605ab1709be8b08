import { describe, expect, it } from 'vitest';
import {
  applyDocumentLanguage,
  directionOf,
  readStoredLanguage,
  storeLanguage,
  LANGUAGE_STORAGE_KEY,
} from './languages';

describe('language choice', () => {
  it('defaults to Arabic', () => {
    expect(readStoredLanguage()).toBe('ar');
  });

  it('persists the choice', () => {
    storeLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(readStoredLanguage()).toBe('en');
  });

  it('ignores junk in storage', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(readStoredLanguage()).toBe('ar');
  });

  it.each([
    ['ar', 'rtl'],
    ['en', 'ltr'],
  ] as const)('<html> follows %s → %s', (language, dir) => {
    applyDocumentLanguage(language);
    expect(document.documentElement.lang).toBe(language);
    expect(document.documentElement.dir).toBe(dir);
    expect(directionOf(language)).toBe(dir);
  });
});
