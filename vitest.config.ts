import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's default for `run` is one worker fewer than the cores: ONE on a 2-core machine. The main
    // process mostly waits, so use every core (at least two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // generous, for a loaded machine: a passing test never waits for them
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // test files share a worker process (no module state is kept between them; each file opens its
          // own app and database): saves re-importing Fastify, drizzle and PGlite for every file
          isolate: false,
          // builds the migrated template database every test database is cloned from
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
