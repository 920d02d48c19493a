// ESLint: typescript-eslint's recommended rules, React's hooks rules (including refs written
// during render), the dependency direction of DESIGN §1 (client → machines → shared, server →
// machines/shared, nothing across client/server), and the house rules STYLE states: the client
// fetches only through src/client/api, and time in a machine lives in the chart, never in a timer.
// tests/build/lintRules.test.ts plants a violation of each and checks that it is reported.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const crossing = (group, message) => ({ group, message });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/shared/**'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: restrict([
      { regex: '^(?!zod$|\\.)', message: 'src/shared imports zod only (DESIGN §1).' },
      crossing(['**/client/**', '**/server/**', '**/machines/**'], 'src/shared must not depend on client, server or machines.'),
    ]),
  },
  {
    files: ['machines/**'],
    // Test models (machine + hand-written oracle) are test code beside the machine they describe.
    ignores: ['machines/**/*.test.ts', 'machines/**/*.model.ts', 'machines/testing/**'],
    rules: restrict([
      {
        regex: '^(?!xstate$|@xstate/graph$|\\.)',
        message: 'Machines import only xstate (@xstate/graph for diagrams) and src/shared (DESIGN §1).',
      },
      crossing(['**/src/client/**', '**/src/server/**'], 'Machines must not depend on client or server code.'),
    ]),
  },
  {
    files: ['src/client/**'],
    rules: restrict([crossing(['**/server/**'], 'The client must not import server code; share through src/shared.')]),
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/model/ui/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/client/**'],
    ignores: ['src/client/api/**', 'src/client/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The client fetches only through src/client/api (STYLE: one fetch client).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'The client fetches only through src/client/api.' },
        { object: 'globalThis', property: 'fetch', message: 'The client fetches only through src/client/api.' },
      ],
    },
  },
  {
    files: ['machines/**'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'setInterval'].map((name) => ({
          name,
          message: 'Time in a machine lives in the chart: a named delay (`after`), never a timer in an action (STYLE).',
        })),
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits or handles loses its failure silently.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'tests/**/*.{ts,tsx}', 'vite.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['src/server/**'],
    rules: restrict([crossing(['**/client/**'], 'The server must not import client code; share through src/shared.')]),
  },
);
