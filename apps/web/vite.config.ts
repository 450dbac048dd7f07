import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { LOGIN_SHELL_PAGES } from './login-shell';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function writeLoginPages(root: string, outDir: string): Promise<void> {
  const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const shell = (await readFile(path.join(root, 'login-shell.html'), 'utf8')).replace(/<!--[\s\S]*?-->\s*/, '').trim();
  if (!index.includes('<div id="root"></div>') || !index.includes('<html lang="ja">')) {
    throw new Error('index.html: <html lang="ja"> or <div id="root"></div> not found for the sign-in pages');
  }
  await Promise.all(
    LOGIN_SHELL_PAGES.map((page) => {
      const markup = shell
        .replace('%TITLE%', page.title)
        .replace('%SWITCH_HREF%', page.switchHref)
        .replace('%SWITCH_LABEL%', page.switchLabel);
      const html = index
        .replace('<html lang="ja">', '<html lang="ja" data-mantine-color-scheme="light">')
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
      return writeFile(path.join(outDir, page.file), html);
    }),
  );
}

/**
 * Writes the sign-in pages, then `<file>.br` and `<file>.gz` beside every text asset of the build (each where
 * it is smaller), so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  let root = '';
  const started = Date.now();
  return {
    name: 'chobo-precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // first the sign-in pages (compressed below with the rest; closeBundle hooks run in parallel)
      await writeLoginPages(root, outDir);
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(
          entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
        );
        return nested.flat();
      };
      const files = (await walk(outDir)).filter((f) => /\.(js|css|html|svg|json|txt|map)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            }),
            gz(bytes, { level: 9 }),
          ]);
          // small files too (most route chunks are under 1 KB): kept only where compressing saves bytes
          await Promise.all([
            br.length < bytes.length ? writeFile(`${file}.br`, br) : undefined,
            gzipped.length < bytes.length ? writeFile(`${file}.gz`, gzipped) : undefined,
          ]);
        }),
      );
      // the build runs with --logLevel warn (package.json): this one line says it is done
      console.log(`web app built: ${path.relative(root, outDir)} (${files.length} files, ${Date.now() - started} ms)`);
    },
  };
}

const apiTarget = process.env.CHOBO_API_TARGET ?? 'http://127.0.0.1:3000';

// Keys starting with ^ are regular expressions: a plain '/api' prefix would also swallow the SPA route
// /api-settings.
const proxy = {
  '^/api(/|$)': { target: apiTarget, changeOrigin: false },
  '^/sanctum/': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the first chunk's static graph really uses goes into that one chunk (not a first
          // chunk plus four small shared chunks fetched beside it: fewer round trips on the first page).
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
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
