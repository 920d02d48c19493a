// ESLint: typescript-eslint's recommended rules plus the dependency direction of DESIGN §1:
// client → machines → shared, server → machines/shared, nothing across client/server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
      { regex: '^(?!xstate$|@xstate/graph$|\\.)', message: 'Machines import only xstate (@xstate/graph for diagrams) and src/shared (DESIGN §1).' },
      crossing(['**/src/client/**', '**/src/server/**'], 'Machines must not depend on client or server code.'),
    ]),
  },
  {
    files: ['src/client/**'],
    rules: restrict([crossing(['**/server/**'], 'The client must not import server code; share through src/shared.')]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([crossing(['**/client/**'], 'The server must not import client code; share through src/shared.')]),
  },
);
