/**
 * Builds the server for `npm start` (ADR 0025): apps/server/src/main.ts and what it imports, with @chobo/core,
 * bundled by esbuild into apps/server/dist/ (ES modules, code split at dynamic imports). Packages stay external
 * (node_modules resolves them at run time as before). `npm run dev`, the tests and the CLIs keep running the
 * sources through tsx.
 *
 * `import.meta.url` in a source file is rewritten to that source file's own URL, computed at run time from the
 * built file's URL (a relative path, so the folder can move): everything a module finds next to itself — the
 * migrations folder, the OCR workers (*.cjs, raster-worker.mjs), `createRequire` for fonts and language data,
 * the web build — resolves exactly as it does from the sources, with nothing copied.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// `--outdir <folder>` (build.test.ts): another folder, which must lie inside the repository like dist/ does (the
// packages resolve from node_modules above it)
const outArg = process.argv.indexOf('--outdir');
const outdir = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(here, 'dist');

/** Bare imports are packages: external, except the workspace's own @chobo/* (TypeScript sources). */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@chobo/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `import.meta.url` → the source file's URL, relative to the built file (every output file is in dist/). */
const sourceMetaUrl = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = await readFile(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return {
        contents: contents.replaceAll('import.meta.url', url),
        loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
      };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts', 'pgdata-template': 'src/cli/pgdata-template.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // every output file directly in dist/: the rewritten import.meta.url paths are relative to dist/
  chunkNames: '[name]-[hash]',
  plugins: [packagesExternal, sourceMetaUrl],
});
console.log(
  `server built: ${path.relative(process.cwd(), outdir)}/main.js (${Math.round(performance.now() - started)} ms)`,
);
// the migrated empty embedded database a first start loads instead of creating one (ADR 0029)
const templateStarted = performance.now();
execFileSync(process.execPath, [path.join(outdir, 'pgdata-template.js'), path.join(outdir, 'pgdata-template.tar')], {
  stdio: 'inherit',
});
console.log(`empty database template: pgdata-template.tar (${Math.round(performance.now() - templateStarted)} ms)`);
