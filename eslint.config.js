// ESLint: TypeScript (type-aware) and React Hooks rules for client, server and tests.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The client's areas (src/features/<area>/): each imports shared code (api/, components/, hooks/,
// lib/, messages/, contract/) and its own files, never another area's; the app (src/app/)
// composes them.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: `features/${feature} imports no other feature: move what both need to a shared folder (components/, hooks/, lib/), or compose them in src/app/.`,
}));

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'data/', 'src/api/generated.ts', 'e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // The server and the client share only contract/ (generated from openapi.yaml); no module
    // cycles anywhere.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server', from: './src', message: 'The server imports only contract/, never the client.' },
            { target: './src', from: './server', message: 'The client imports only contract/, never the server.' },
            { target: './contract', from: ['./src', './server'], message: 'contract/ stands alone.' },
            ...featureZones,
            {
              target: ['./src/api', './src/components', './src/hooks', './src/lib', './src/messages'],
              from: './src/features',
              message: 'Shared code imports no feature: the features import it.',
            },
            {
              target: ['./src/api', './src/components', './src/lib', './src/messages'],
              from: './src/app',
              message: 'Shared code imports nothing of the app shell (src/app/): the app imports it.',
            },
            {
              target: ['./src/app', './src/components', './src/hooks', './src/lib', './src/messages', './src/features/portfolio', './src/features/welcome', './src/features/pages', './src/features/quotes', './src/main.tsx', './src/entry-server.tsx'],
              from: ['./src/api/adminApi.ts', './src/api/generatedAdmin.ts'],
              message: "The administrator's calls load with the admin's chunk only: public code imports src/api/api.enhanced.ts.",
            },
            {
              target: './src/hooks',
              from: './src/app',
              except: ['./store.ts'],
              message: 'Shared hooks import nothing of the app shell but its store (the typed redux hooks).',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Services, repositories and every business module of the server know nothing of HTTP: a
    // refusal is a value or a DomainError (server/domain/errors.ts) that the edge maps to its
    // status. Only routes (*.routes.ts), request readers (*.http.ts) and server/http/ speak it.
    files: ['server/{auth,backup,db,demo,domain,journal,media,projects,quotes,site,testimonials,trash}/**/*.ts'],
    ignores: ['**/*.routes.ts', '**/*.http.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', '**/http/*', '**/*.routes.ts', '**/*.http.ts'],
              message: 'Services and repositories know nothing of HTTP: take and return plain values, throw a DomainError (server/domain/errors.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may use a helper of the other side; a feature's tests still keep to their feature.
    files: ['**/*.test.{ts,tsx}', 'server/test/**/*.{ts,tsx}', 'src/test/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Run by npm before install and start with whatever Node is there: ES5 parses on any of them.
    files: ['server/checkNode.cjs'],
    languageOptions: { ecmaVersion: 5, sourceType: 'script' },
  },
);
