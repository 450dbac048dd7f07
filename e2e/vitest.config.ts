import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: one real server (apps/server serving the built apps/web) and one chromium for
 * the whole run (both started by the global setup), a fresh browser context per test, files one after another.
 * Run with `npm run test:e2e` (builds the web app first).
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    // generous for a loaded 2-core machine: a passing test never waits for them
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // one more try for a test that failed on a loaded machine (CI once timed out payments.e2e after 180 s
    // while it passes alone in 13 s); a test that fails twice still fails the run
    retry: 1,
    globalSetup: ['e2e/support/server.ts'],
  },
});
