import { defineConfig } from 'vitest/config'

/**
 * Three projects, one command:
 * - unit: pure code, no database;
 * - integration: real PostgreSQL (a database per test file cloned from a migrated template);
 * - e2e: the real server over HTTP and headless Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts', '**/*.e2e.test.ts'],
          environment: 'node',
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
          // Each file starts its own server and browser; two at a time suit a 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
})
