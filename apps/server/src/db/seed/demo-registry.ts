import { and, asc, isNotNull, isNull } from 'drizzle-orm';
import { loadEnv } from '../../env.js';
import { MemoryFileStorage } from '../../lib/storage.js';
import { type RegistryRowSpec, registryFileOf } from '../../modules/registry/registry-files.js';
import { runRegistryImport } from '../../modules/registry/registry-import.js';
import type { Db } from '../client.js';
import { companies, customers, registryImports } from '../schema/index.js';

/**
 * The demo's sample registry (docs/adr/0046): the demo company and its customers that carry a T-number, as
 * a 全件データ file in the published 24-column layout, imported through the real importer after the demo's
 * transaction. The last supplier's registration is cancelled (取消) on 2026-10-01, so its later documents
 * show 要確認 and the lapsed-supplier screen has a row.
 */
export async function seedDemoRegistry(db: Db): Promise<void> {
  const people = await db
    .select({
      name: customers.name,
      kana: customers.name_kana,
      reg: customers.registration_number,
      used: customers.used_for,
    })
    .from(customers)
    .where(and(isNotNull(customers.registration_number), isNull(customers.deleted_at)))
    .orderBy(asc(customers.id));
  const own = await db
    .select({ name: companies.name, kana: companies.name_kana, reg: companies.registration_number })
    .from(companies)
    .where(isNotNull(companies.registration_number));
  const seen = new Set<string>();
  const rows: RegistryRowSpec[] = [];
  for (const p of [...own, ...people]) {
    if (!p.reg || seen.has(p.reg)) continue;
    seen.add(p.reg);
    rows.push({ registration_number: p.reg, name: p.name, name_kana: p.kana ?? null, updated_on: '2026-10-01' });
  }
  const suppliers = people.filter((p) => p.used !== 1 && p.reg);
  const lapsed = rows.find((r) => r.registration_number === suppliers[suppliers.length - 1]?.reg);
  if (lapsed) Object.assign(lapsed, { process_kind: '04', cancelled_on: '2026-10-01' });
  if (rows.length === 0) return;
  const bytes = registryFileOf(rows);
  const [{ id }] = await db
    .insert(registryImports)
    .values({ kind: 'full', file_name: 'demo_zenken.csv', file_size: bytes.length, sha256: '' })
    .returning({ id: registryImports.id });
  await runRegistryImport(
    { db, storage: new MemoryFileStorage(), env: loadEnv({ NODE_ENV: 'production' }) },
    id,
    bytes,
  );
}
