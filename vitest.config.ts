import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
          // builds the migrated template database every test database is cloned from
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
