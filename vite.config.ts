import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { parseEnv } from './src/config/env-schema.ts';
import { prerender } from './scripts/lib/vite-prerender.ts';
import { icons } from './scripts/lib/vite-icons.ts';
import { precachedPages } from './scripts/lib/precache-pages.ts';

/**
 * Workers for the unit, component and api files: vitest's default, one fewer than the cores, is
 * one on a two-core machine, which left a core idle (unit and component took 70 s there against
 * 42 s with two workers, the api 81 s against 59 s).
 */
const TEST_WORKERS = Math.max(2, availableParallelism() - 1);

// One config for the SPA build and every test project, so aliases and plugins never drift.
export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    react(),
    // Canonical and hreflang links must be absolute: the address the site is published at.
    prerender(parseEnv(loadEnv(mode, process.cwd(), 'VITE_'))),
    // The app's PNG icons and the link preview image, drawn from public/favicon.svg (D26).
    icons(),
    // The service worker (src/sw/sw.ts, D26), built once the pages above are prerendered, so its
    // precache lists them. Registered by the app itself (src/app/service-worker.ts), after load.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      integration: { closeBundleOrder: 'post' },
      injectManifest: {
        globPatterns: [
          'assets/**/*.{js,css}',
          'assets/cairo-{arabic,latin}-wght-normal-*.woff2',
          '**/index.html',
          'favicon.svg',
          'icons/*.png',
          '*.webmanifest',
        ],
        // The office's screens and strings are not a customer's to carry; web vitals load only
        // with an analytics sink.
        globIgnores: ['assets/admin*', 'assets/web-vitals*'],
        manifestTransforms: [precachedPages],
      },
    }),
  ],
  define: {
    // Validated here, at build time (from .env files and VITE_* variables of the environment):
    // a bad setting stops the build with the setting's name.
    __AFSH_ENV__: JSON.stringify(parseEnv(loadEnv(mode, process.cwd(), 'VITE_'))),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // The prerender step reads which chunks and styles each page needs from it.
    manifest: !isSsrBuild,
    // A lazy screen's own chunk is fetched by its import(), started in the same moment: a
    // modulepreload of it too raced that import, and a phone could download the chunk twice.
    // Its dependencies are still preloaded side by side with it.
    modulePreload: {
      // The office's screens (admin-*) load their shared chunks when they run, one round trip
      // later on a desk's connection: their lists of chunks to preload are not in the first
      // download of every visitor's page (D23: the home page is at its budget).
      resolveDependencies: (filename, deps) =>
        /(^|\/)admin-[^/]*\.js$/.test(filename) ? [] : deps.filter((dep) => dep !== filename),
    },
    rollupOptions: {
      output: isSsrBuild
        ? {}
        : {
            // React and the router change rarely; a separate chunk stays cached across deploys.
            manualChunks(id: string) {
              if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id))
                return 'vendor-react';
              if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'vendor-i18n';
              return undefined;
            },
          },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/domain/**/*.test.ts', 'src/**/*.node.test.ts', 'tests/unit/**/*.test.ts'],
          testTimeout: 30_000,
          // Every file sees the fake Firebase SDK, the same for all (no unit test may reach a
          // project over the network).
          setupFiles: ['src/data/firebase/testing-sdk-fakes.ts'],
          // One worker runs the files one after another with the modules they share loaded
          // once (a fresh process per file cost four times the tests' own time);
          // vi.restoreAllMocks runs between files.
          isolate: false,
          maxWorkers: TEST_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/testing/setup.ts'],
          // One jsdom and one React for the files a worker runs, as for unit above: setup.ts
          // runs before each file and cleans the document and storage after each test.
          isolate: false,
          maxWorkers: TEST_WORKERS,
          // A screen test types and renders in jsdom: CPU-bound work that took over the default
          // 5 s on a busy two-core machine. Tests never time anything (architecture habit 11).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          // Real servers on real SQLite files, some started as processes: see component above.
          testTimeout: 30_000,
          // Each file builds servers of its own on files of its own; the server's modules (Fastify,
          // the routes, the domain) are loaded once per worker, as for unit above.
          isolate: false,
          maxWorkers: TEST_WORKERS,
        },
      },
      {
        // The Firebase adapter against the Auth emulator (started by the global setup) and the
        // rules suites, which skip with their reason unless FIRESTORE_EMULATOR_HOST is set.
        extends: true,
        test: {
          name: 'firebase',
          environment: 'node',
          include: ['tests/firebase/**/*.test.ts', 'tests/rules/**/*.test.ts'],
          globalSetup: ['tests/firebase/auth-emulator-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          // Builds once; each file then starts a server and a database of its own (server.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Files share nothing but the run's one Chromium (their own server, database, browser
          // contexts and port), so they run at once: two at a time, as each drives pages and a
          // server of its own. A worker keeps the modules it loaded (Playwright, the domain, the
          // strings) from one file to the next instead of loading them again for each; what a
          // spec file sets up (its server, its browser connection) it undoes in its afterAll.
          // Every expect.poll waits for a state; on a busy machine it may take more than a second.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
}));
