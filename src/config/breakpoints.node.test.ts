import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { atLeast, below, BREAKPOINTS_REM } from './breakpoints';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

const allowed = new Set(
  Object.values(BREAKPOINTS_REM).flatMap((rem) => [
    `min-width: ${rem}rem`,
    `max-width: ${rem - 0.01}rem`,
  ]),
);

describe('one set of breakpoints', () => {
  it('builds the scripts’ queries from the same numbers', () => {
    expect(atLeast('tablet')).toBe('(min-width: 48rem)');
    expect(below('tablet')).toBe('(max-width: 47.99rem)');
  });

  it('every width in every stylesheet’s @media is one of them', () => {
    const files = cssFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    const strays: string[] = [];
    let seen = 0;
    for (const file of files) {
      const css = readFileSync(file, 'utf8');
      for (const media of css.matchAll(/@media[^{]*\{/g)) {
        for (const width of media[0].matchAll(/\((?:min|max)-width:\s*[^)]+\)/g)) {
          seen += 1;
          const condition = width[0].slice(1, -1).replace(/\s+/g, ' ');
          if (!allowed.has(condition)) strays.push(`${relative(SRC, file)}: ${condition}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(strays).toEqual([]);
  });
});
