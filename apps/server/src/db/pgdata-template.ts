import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
