import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const webSrc = fileURLToPath(new URL('./apps/web/src/', import.meta.url))

/**
 * Three projects, one command:
 * - unit: pure code, no database; and the web app's components (`*.test.tsx`), each file in
 *   jsdom by its `// @vitest-environment jsdom` line, with the web app's `@/` alias;
 * - integration: real PostgreSQL (a database per test file cloned from a migrated template);
 * - e2e: the real server over HTTP and headless Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: [{ find: /^@\//, replacement: webSrc }] },
        test: {
          name: 'unit',
          include: ['{apps,packages}/**/*.test.ts', 'apps/web/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts', '**/*.e2e.test.ts'],
          environment: 'node',
          // Does nothing outside jsdom; in it, the web app's runtime config and Testing Library's
          // cleanup.
          setupFiles: ['apps/web/test/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages,supabase}/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page waits on its server and browser, both slow on a loaded 2-core machine: a
          // polled expectation gets the time a locator's wait gets, not Vitest's one second.
          expect: { poll: { timeout: 15_000 } },
          // Each file starts its own server and browser; two at a time suit a 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
})
