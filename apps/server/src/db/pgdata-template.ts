import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS, pgliteDatabase, runMigrations } from './client.js';

/**
 * The embedded database's first start without initdb and migrations (ADR 0029): `npm run build` writes a
 * migrated, empty PGlite data directory as a tar file next to the server's build; a first start on an empty
 * DATA_DIR loads it (≈ 0.8 s) instead of creating the cluster and running every migration (≈ 4 s). It is used
 * only when it was made from exactly the migrations and the PGlite version this code has; otherwise the start
 * creates the cluster as before. The migrations still run after it (nothing to do when it matches).
 */
export const PGDATA_TEMPLATE = fileURLToPath(new URL('../../dist/pgdata-template.tar', import.meta.url));

/** The installed PGlite's version (its package.json is not exported: found from its entry upwards). */
function pgliteVersionInstalled(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

/** What a template must have been made from: the PGlite version and every migration's tag. */
export function templateKey(): string {
  const pgliteVersion = pgliteVersionInstalled();
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return JSON.stringify({ pglite: pgliteVersion, migrations: journal.entries.map((e) => `${e.tag}@${e.when}`) });
}

/** Writes the template (and its key beside it, `<file>.json`). */
export async function writePgdataTemplate(file: string = PGDATA_TEMPLATE): Promise<void> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  await runMigrations(pgliteDatabase(client));
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  await client.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  writeFileSync(`${file}.json`, templateKey());
}

/** The template for a first start, when there is one made from this code's migrations and PGlite. */
export function pgdataTemplate(file: string = PGDATA_TEMPLATE): Blob | undefined {
  try {
    if (!existsSync(file) || readFileSync(`${file}.json`, 'utf8') !== templateKey()) return undefined;
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/**
 * Writes the template's files into `pgdata` (an empty folder) with asynchronous file writes (ADR 0031): the
 * same files PGlite's `loadDataDir` writes, but from the thread pool, so that a first start's main thread loads
 * the server's code meanwhile instead of waiting on ≈ 1,300 synchronous file creations. The tar is PGlite's
 * `dumpDataDir` (ustar: directories and regular files, paths from the data folder's root). Returns false, having
 * written nothing, when there is no matching template or it holds anything else.
 */
export async function extractPgdataTemplate(pgdata: string, file: string = PGDATA_TEMPLATE): Promise<boolean> {
  let tar: Buffer;
  try {
    if (!existsSync(file) || (await readFile(`${file}.json`, 'utf8')) !== templateKey()) return false;
    tar = await readFile(file);
  } catch {
    return false;
  }
  const text = (at: number, length: number) => {
    const raw = tar.subarray(at, at + length);
    const end = raw.indexOf(0);
    return raw.subarray(0, end < 0 ? length : end).toString('utf8');
  };
  const dirs: string[] = [];
  const files: { name: string; mode: number; data: Buffer }[] = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    if (tar[at] === 0) break; // the end: zero blocks
    const name = (text(at + 345, 155) ? `${text(at + 345, 155)}/` : '') + text(at, 100);
    const mode = Number.parseInt(text(at + 100, 8).trim() || '0', 8);
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[at + 156] || 48);
    const relative = path.normalize(name).replace(/^[/\\]+/, '');
    if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
    if (type === '5') dirs.push(relative);
    else if (type === '0') files.push({ name: relative, mode, data: tar.subarray(at + 512, at + 512 + size) });
    else return false; // not what dumpDataDir writes: let PGlite load it
    at += 512 + Math.ceil(size / 512) * 512;
  }
  for (const d of dirs) await mkdir(path.join(pgdata, d), { recursive: true });
  // a few files at a time: the thread pool writes them while the main thread goes on
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        await mkdir(path.dirname(path.join(pgdata, f.name)), { recursive: true });
        await writeFile(path.join(pgdata, f.name), f.data, { mode: f.mode & 0o777 });
      }
    }),
  );
  return true;
}
