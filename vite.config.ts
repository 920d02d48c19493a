/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const serverPort = Number(process.env.KOSH_DEV_SERVER_PORT ?? 3001);
const proxied = ['/api', '/ws', '/version.json', '/builds'];

function apiProject(name: string, globalSetup: string) {
  return {
    extends: true as const,
    test: {
      name,
      environment: 'node' as const,
      include: ['tests/api/**/*.test.ts'],
      globalSetup: [globalSetup],
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
}

export default defineConfig({
  root: `${root}src/client`,
  publicDir: `${root}public`,
  plugins: [react()],
  // Dev server and tests carry the machine inspector; `npm run build` sets it from INSPECTOR.
  define: { __KOSH_INSPECTOR__: 'true' },
  build: {
    outDir: `${root}dist/client`,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 3000,
    host: '127.0.0.1',
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: `http://127.0.0.1:${serverPort}`, ws: path === '/ws' }])),
  },
  test: {
    root,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'machines/**/*.test.ts',
            'tests/model/**/*.test.ts',
            'tests/build/**/*.test.ts',
            'tests/docs/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          // tests/model/ui: transition covers of the machines driven through their rendered views.
          include: ['src/client/**/*.test.{ts,tsx}', 'tests/model/ui/**/*.test.tsx'],
          setupFiles: ['src/client/testSetup.ts'],
          // A rendered page (grid, dialogs) can take seconds on a busy 2-core runner; 5 s failed there.
          testTimeout: 15_000,
        },
      },
      apiProject('api', 'tests/api/setup/pgliteTemplate.ts'),
      // The same API tests against a real PostgreSQL server when one is given (CI always does).
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'tests/api/setup/postgresTemplate.ts')] : []),
    ],
  },
});
