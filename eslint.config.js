import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const features = [
  'booking',
  'tracking',
  'orders',
  'reviews',
  'auth',
  'admin',
  'contact',
  'content',
  'pricing',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'coverage',
      'public',
      'functions/lib',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // import/no-cycle reads the modules an import names; without this it cannot parse them.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // A cycle of our modules never passes through a package, so import/no-cycle need not read
      // the packages (ignoreExternal below): reading them was most of its time.
      'import/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Layering (docs/architecture.md habit 1): features never import each other, shared code never
      // imports a feature, only app/ wires features together.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'Features do not import each other; wire them in src/app.',
            })),
            {
              target: [
                './src/components',
                './src/domain',
                './src/data',
                './src/i18n',
                './src/config',
                './src/analytics',
              ],
              from: ['./src/features', './src/app'],
              message: 'Shared code never imports a feature or the app.',
            },
            {
              target: './src/domain',
              from: ['./src/components', './src/data', './src/i18n', './src/config', './server'],
              message: 'The domain is pure TypeScript shared by the SPA and the server.',
            },
            {
              // The functions share the domain with the SPA and the payment seam with the server.
              target: './functions/src',
              from: [
                './src/features',
                './src/components',
                './src/app',
                './src/i18n',
                './src/config',
                './src/data/http',
                './server/src/plugins',
                './server/src/routes',
                './server/src/repositories',
                './server/src/services',
              ],
              message: 'The functions share only src/domain (and server/src/payments).',
            },
            {
              // What the server shares with the SPA (types, rules, schemas) is in src/domain;
              // src/data is the browser's side of the port.
              target: './server',
              from: ['./src/data', './src/features', './src/components', './src/app'],
              message: 'The server shares only src/domain with the SPA.',
            },
          ],
        },
      ],
      // A cycle makes a module's value undefined while the other one loads; none is needed.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The domain runs in the browser and on the server: no React, Firebase, Fastify or Node.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-*',
            'firebase',
            'firebase/*',
            'fastify',
            '@fastify/*',
            'node:*',
            'better-sqlite3',
          ],
        },
      ],
    },
  },
  {
    // Only the Firebase adapter talks to the Firebase SDK (docs/architecture.md habit 3).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/data/firebase/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['firebase', 'firebase/*'] }],
    },
  },
  {
    // The notification core (templates, providers, settings) and the payment providers (the
    // Paymob client, its signatures and what a callback decides) are kept free of the server's
    // framework and database, so the hosted build's functions can run them as they are (D3, D10).
    files: ['server/src/notifications/**/*.ts', 'server/src/payments/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'fastify',
            '@fastify/*',
            'better-sqlite3',
            '**/plugins/*',
            '**/repositories/*',
            '**/services/*',
            '**/routes/**',
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts', 'server/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
