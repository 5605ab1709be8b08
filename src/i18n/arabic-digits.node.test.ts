import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../domain/money';
import { stripInvisibleMarks } from '../domain/digits';

// Arabic text is written in Arabic-Indic digits (D22, habit 7): a Latin digit in an Arabic
// sentence ("مثل 010 1234 5678", "الإصدار 2") is a bug. What stays Latin on purpose: values put
// in by the code ({{placeholders}}, which the code formats in the reader's digits), order
// numbers (AF-YYYYMMDD-N, codes read left to right in either language, D6), the test card's
// number (<card>…</card>, typed as printed on a card) and web addresses.
const root = join(import.meta.dirname, '..', '..');
const locales = join(root, 'locales');

function strings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, key ? `${key}.${k}` : k));
  }
  return [];
}

function bundle(language: 'ar' | 'en'): [string, string][] {
  return readdirSync(join(locales, language))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      strings(JSON.parse(readFileSync(join(locales, language, file), 'utf8'))).map(
        ([key, text]): [string, string] => [`${file.replace(/\.json$/, '')}:${key}`, text],
      ),
    );
}

const LATIN_ON_PURPOSE = [
  /\{\{[^}]*\}\}/g, // a value the code puts in
  /<card>[^<]*<\/card>/g, // the test card's number
  /\bAF-\d{8}-\d{1,6}\b/g, // an order number
  /https?:\/\/\S+/g, // a web address
];

/** The Latin digits a string shows that are not one of the exceptions above. */
function latinDigitsIn(text: string): string[] {
  let rest = text;
  for (const pattern of LATIN_ON_PURPOSE) rest = rest.replace(pattern, ' ');
  return rest.match(/[0-9]+/g) ?? [];
}

// The placeholders the code fills with an amount of money: every `name: formatMoney(…)` (or
// the screens' money() and signedMoney() helpers) in the source. Found, not listed, so a new
// one is checked without anyone remembering to add it.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const MONEY_PLACEHOLDERS = new Set(
  ['src', 'server/src', 'functions/src']
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .flatMap((file) => [
      ...readFileSync(file, 'utf8').matchAll(/(\w+):\s*(?:formatMoney|money|signedMoney)\(/g),
    ])
    .map((match) => match[1]!),
);

describe('Arabic strings write numbers in Arabic-Indic digits (D22)', () => {
  it('finds the exceptions and only them', () => {
    expect(latinDigitsIn('مثل 010 1234 5678')).toEqual(['010', '1234', '5678']);
    expect(latinDigitsIn('الإصدار 2')).toEqual(['2']);
    expect(latinDigitsIn('الإصدار {{version}}، مثال: AF-20250101-123')).toEqual([]);
    expect(latinDigitsIn('البطاقة <card>4242 4242 4242 4242</card>')).toEqual([]);
    expect(latinDigitsIn('راجع https://afsh.example/track/1')).toEqual([]);
  });

  it('has no Latin digit in any Arabic string', () => {
    const found = bundle('ar')
      .map(([key, text]) => [key, latinDigitsIn(text)] as const)
      .filter(([, digits]) => digits.length > 0);
    expect(found).toEqual([]);
  });
});

describe('no doubled punctuation after an amount (D22)', () => {
  it('knows which placeholders carry money', () => {
    for (const name of ['price', 'total', 'fee', 'amount', 'current', 'previous']) {
      expect(MONEY_PLACEHOLDERS, name).toContain(name);
    }
  });

  // "١٬٥٠٠ ج.م." ends with a period: "{{total}}." would read "ج.م..".
  it.each(['ar', 'en'] as const)('%s: no amount is followed by a period', (language) => {
    const sample = formatMoney(1500, language);
    const doubled = bundle(language).filter(([, text]) => {
      const filled = text.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) =>
        MONEY_PLACEHOLDERS.has(name) ? sample : 'X',
      );
      return /\.\s*\./.test(stripInvisibleMarks(filled));
    });
    expect(doubled.map(([key]) => key)).toEqual([]);
  });

  it('still catches "ج.م.." once filled', () => {
    const filled = `أصبح الإجمالي ${formatMoney(1500, 'ar')}.`;
    expect(/\.\s*\./.test(stripInvisibleMarks(filled))).toBe(true);
  });
});
