import { readFileSync } from 'node:fs';

/**
 * The Node flags `npm start` runs the server with, read from this package's "start" script
 * (`node <flags> dist/main.js`): the tests and benchmarks that start the build start it the same way.
 * `--max-semi-space-size=64`: ADR 0035.
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.trim().split(/\s+/).slice(1, -1);
}
