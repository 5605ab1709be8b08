import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../scripts/lib/server-process.ts';

/**
 * The server (server/src/server.ts, what `npm run serve` runs) bundled into one JavaScript file
 * in `dir`, for the e2e run to start many times over. Each spec file starts a server of its own;
 * through tsx each start compiled nothing new (tsx caches) but ran a TypeScript loader beside
 * the server, about as much CPU again as the server's own start-up, and a second process that
 * turned a clean SIGTERM into exit 143 under load.
 *
 * Packages stay outside the bundle (`dir` is inside the repository, so they resolve from its
 * node_modules), and every module keeps its own `import.meta.url`: the server finds its
 * migrations, the locales and `.env` relative to its source files, wherever the bundle is.
 */
export async function bundleServer(dir: string): Promise<string> {
  const outfile = join(dir, 'server.mjs');
  await build({
    entryPoints: [join(REPO_ROOT, 'server', 'src', 'server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'own-import-meta-url',
        setup(bundler) {
          bundler.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => ({
            contents: (await readFile(path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(path).href),
            ),
            loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  return outfile;
}
