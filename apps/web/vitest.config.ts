import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['apps/web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['apps/web/src/test/setup.ts'],
    css: false,
    // generous, for a loaded 2-core machine (a form test can take 10 s there): a passing test never waits for it
    testTimeout: 90_000,
    restoreMocks: true,
  },
});
