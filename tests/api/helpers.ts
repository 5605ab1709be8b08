import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const INDEX_HTML =
  '<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">' +
  '<script type="module" src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>\n';

// Large and repetitive enough to pass the compression threshold (1 KiB) by far.
export const ASSET_JS = 'export const greeting = "مرحبا";\n'.repeat(400);

export interface TempSite {
  root: string;
  staticDir: string;
  cleanup(): Promise<void>;
}

/** A throw-away `dist/` shaped like Vite's output, so API tests never depend on a real build. */
export async function makeStaticDir(options: { withIndex?: boolean } = {}): Promise<TempSite> {
  const root = await mkdtemp(join(tmpdir(), 'afsh-api-'));
  const staticDir = join(root, 'dist');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  if (options.withIndex ?? true) await writeFile(join(staticDir, 'index.html'), INDEX_HTML);
  await writeFile(join(staticDir, 'assets', 'index-abc123.js'), ASSET_JS);
  await writeFile(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { root, staticDir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * A prerendered build in `site`: each file (path → HTML) and the prerendered.json manifest that
 * lists the pages (address → file) and the not-found page of each language.
 */
export async function writePrerenderedSite(
  site: TempSite,
  files: Record<string, string>,
  manifest: {
    pages: Record<string, string>;
    shells?: Record<string, string>;
    notFound: { ar: string; en: string };
  },
): Promise<void> {
  for (const [file, html] of Object.entries(files)) {
    await mkdir(join(site.staticDir, file, '..'), { recursive: true });
    await writeFile(join(site.staticDir, file), html);
  }
  await writeFile(
    join(site.staticDir, 'prerendered.json'),
    JSON.stringify({ shells: {}, ...manifest }),
  );
}
