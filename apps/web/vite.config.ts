import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.CHOBO_API_TARGET ?? 'http://127.0.0.1:3000';

// Keys starting with ^ are regular expressions: a plain '/api' prefix would also swallow the SPA route
// /api-settings.
const proxy = {
  '^/api(/|$)': { target: apiTarget, changeOrigin: false },
  '^/sanctum/': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // @chobo/core is pure (no I/O, no global side effects) but its package.json does not say so;
        // without this, importing isPermitted pulls every zod contract into the first chunk.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id),
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy,
  },
});
