import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Both languages must offer exactly the same keys: a key present only in English shows up as
// "home:hero.title" to an Arabic-speaking customer.
const root = join(import.meta.dirname, '..', '..', 'locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function load(language: string) {
  const out: Record<string, { keys: string[]; raw: Record<string, unknown> }> = {};
  for (const file of readdirSync(join(root, language)).filter((f) => f.endsWith('.json'))) {
    const raw = JSON.parse(readFileSync(join(root, language, file), 'utf8')) as Record<
      string,
      unknown
    >;
    out[file] = { raw, keys: flatten(raw) };
  }
  return out;
}

const ar = load('ar');
const en = load('en');

describe('translation bundles', () => {
  it('have the same namespaces in Arabic and English', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(en))(
    '%s has the same keys in both languages (plural forms aside)',
    (file) => {
      const base = (keys: string[]) =>
        [...new Set(keys.map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();
      expect(base(ar[file]?.keys ?? [])).toEqual(base(en[file]?.keys ?? []));
    },
  );

  it.each(Object.keys(ar))('%s: every Arabic plural has all six forms', (file) => {
    const keys = ar[file]?.keys ?? [];
    const plurals = new Set(
      keys.filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')),
    );
    for (const stem of plurals) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
        expect(keys, `${file}: ${stem}_${form}`).toContain(`${stem}_${form}`);
      }
    }
  });

  it.each(Object.keys(en))('%s: every English plural has one and other', (file) => {
    const keys = en[file]?.keys ?? [];
    const plurals = new Set(
      keys.filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')),
    );
    for (const stem of plurals) {
      expect(keys).toContain(`${stem}_one`);
      expect(keys).toContain(`${stem}_other`);
    }
  });

  it('has no empty strings', () => {
    for (const [language, bundles] of [
      ['ar', ar],
      ['en', en],
    ] as const) {
      for (const [file, { raw }] of Object.entries(bundles)) {
        const empty = flatten(raw).filter((key) => {
          const value = key
            .split('.')
            .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], raw);
          return typeof value === 'string' && value.trim() === '';
        });
        expect(empty, `${language}/${file}`).toEqual([]);
      }
    }
  });

  it('Arabic strings are written in Arabic', () => {
    // Catches an English string pasted into the Arabic bundle by mistake.
    const arabicLetters = /[\u0600-\u06FF]/;
    for (const [file, { raw }] of Object.entries(ar)) {
      for (const key of flatten(raw)) {
        const value = key
          .split('.')
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], raw);
        if (typeof value !== 'string') continue;
        if (key === 'language.other') continue; // the toggle names English in English
        // Values made only of codes, numbers or placeholders have nothing to translate.
        const letters = value.replace(/\{\{[^}]+\}\}|AF-[\d-]+|[\d\s\p{P}\p{S}]/gu, '');
        if (letters === '') continue;
        expect(arabicLetters.test(value), `${file}: ${key} = "${value}"`).toBe(true);
      }
    }
  });
});
