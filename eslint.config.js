// Lint: typescript-eslint's recommended rules, plus the boundaries of docs/architecture.md held by
// import-x: pwa/ and server/ never import each other, shared/ imports neither, a feature of the PWA
// never imports another feature, and no import cycles. `npm run lint` (part of `npm run check`).
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const features = readdirSync(new URL('./pwa/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', '.tmp/', 'coverage/', 'drizzle/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // packages are not ours to check for cycles, and parsing their bundles is slow
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './pwa', from: './server', message: 'The PWA talks to the server over HTTP only; shared types live in shared/.' },
            { target: './server', from: './pwa', message: 'The server never imports the PWA.' },
            { target: './shared', from: ['./server', './pwa'], message: 'shared/ is pure: it imports neither side.' },
            ...features.map((f) => ({
              target: `./pwa/features/${f}`,
              from: './pwa/features',
              except: [`./${f}`],
              message: 'A feature never imports another feature: app-wide pieces live in pwa/app, pwa/lib or pwa/components.',
            })),
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // hono's `c.var` builds a new object of every variable on each read (a few per cent of a request's
    // CPU under load: docs/quality.md "Performance"); `c.get('name')` reads one
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='var']",
          message: "Read a request variable with c.get('name'): c.var copies them all.",
        },
      ],
    },
  },
  {
    // tests read loosely typed JSON answers
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
