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
    testTimeout: 30000,
    restoreMocks: true,
  },
});
