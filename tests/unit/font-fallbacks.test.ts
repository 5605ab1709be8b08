import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_FALLBACKS_FILE, fontFallbacksCss } from '../../scripts/lib/font-fallbacks.ts';

const globalCss = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');

describe('metric-matched fallback fonts', () => {
  it('src/styles/font-fallbacks.css is what Capsize computes (rerun scripts/lib/font-fallbacks.ts)', async () => {
    expect(readFileSync(FONT_FALLBACKS_FILE, 'utf8')).toBe(await fontFallbacksCss());
  });

  it('every fallback face stands in the font stack, right after Cairo', async () => {
    const families = [...(await fontFallbacksCss()).matchAll(/font-family: '([^']+)'/g)].map(
      (m) => m[1]!,
    );
    expect(families).toHaveLength(3);
    const stack = /--font-sans:\s*([^;]+);/.exec(globalCss)?.[1] ?? '';
    expect(stack.startsWith("'Cairo Variable'")).toBe(true);
    for (const family of families) expect(stack).toContain(`'${family}'`);
  });
});
