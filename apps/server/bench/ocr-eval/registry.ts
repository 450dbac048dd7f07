import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isValidRegistrationNumber } from '@chobo/core';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, runMigrations } from '../../src/db/client.js';
import { registryImports } from '../../src/db/schema/index.js';
import { loadEnv } from '../../src/env.js';
import { mulberry32 } from '../../src/lib/prng.js';
import { MemoryFileStorage } from '../../src/lib/storage.js';
import { sqlRows } from '../../src/modules/accounting/sql-rows.js';
import { type RegistryRowSpec, registryFileOf, tNumberOf } from '../../src/modules/registry/registry-files.js';
import { runRegistryImport } from '../../src/modules/registry/registry-import.js';
import type { EvalDoc } from './generate.js';

/**
 * The evaluation's registry (generator side, issue 29): an offline NTA registry in the published 24-column
 * layout holding the evaluation set's issuers among many distractors, imported by the product's own import job
 * (runRegistryImport) into an embedded database. The extractor side only ever reaches it through the lookup
 * the product uses (checkOcrAgainstRegistry → lookupRegistration / lookupRegistrations).
 *
 * The distractors are made to be hard, not kind:
 * - DENSE NEIGHBOURS: for every issuer's number, each valid number that differs from it in one or two digit
 *   places is registered with probability `neighbourShare` (default 0.5), under another name. A single misread
 *   digit's candidates (the valid numbers one digit away from what was read) are then about half registered —
 *   denser than the real registry, where 法人番号 are dense only in their last (serial) digits;
 * - names drawn from the same kind of words as real company names (and the issuers' own words: 青葉, 印刷,
 *   システム… recombined), the legal-entity word before or after, so a registered neighbour can share half of
 *   an issuer's name;
 * - the rest (to `total` rows, default 200,000) random valid T-numbers with such names; some issuers' exact
 *   names registered again under another number (one name, two companies, as in the real data).
 */

const FIRST =
  '青葉 東海 ひかり 北陸 城南 あおぞら 富士見 かもめ 中央 若草 三協 緑川 大和 花園 白鳥 日進 山田 鈴木 高橋 桜井 松本 西日本 関東 東京 大阪 名古屋 博多 みなと さくら あさひ 太陽 丸山 平和 朝日 栄光 新光 東邦 共栄 千代田 港南 つばさ ミドリ アオバ ヒカリ 北斗 南海 白山 青山 日本 第一 協和 三和 富士'.split(
    ' ',
  );
const SECOND =
  'システム ロジスティクス 印刷 精機 フーズ 設計 電機 運輸 オフィス ベーカリー テクノ 商事 クリーン 珈琲 デザイン ハウジング 建設 工業 商店 物産 不動産 製作所 食品 産業 サービス ソリューションズ 企画 エンジニアリング 薬品 化学 興業 開発 トレーディング ホールディングス 交通 電設 工務店 書店 ファーム メディカル'.split(
    ' ',
  );
const LEGAL = ['株式会社', '有限会社', '合同会社', '一般社団法人'];

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

function randomName(rand: Rand): string {
  const stem = `${pick(rand, FIRST)}${rand() < 0.8 ? pick(rand, SECOND) : ''}`;
  const legal = pick(rand, LEGAL);
  return rand() < 0.3 ? `${stem}${legal}` : `${legal}${stem}`;
}

function randomNumber(rand: Rand): string {
  return tNumberOf(String(Math.floor(rand() * 1e12)).padStart(12, '0'));
}

/** The valid numbers one or two digit places away from `n` (T + 13 digits), each once. */
export function validNeighbours(n: string): string[] {
  const out = new Set<string>();
  const d = n.slice(1).split('');
  for (let i = 0; i < 13; i++) {
    for (let a = 0; a <= 9; a++) {
      if (String(a) === d[i]) continue;
      const one = [...d];
      one[i] = String(a);
      const t1 = `T${one.join('')}`;
      if (isValidRegistrationNumber(t1)) out.add(t1);
      for (let j = i + 1; j < 13; j++) {
        for (let b = 0; b <= 9; b++) {
          if (String(b) === d[j]) continue;
          const two = [...one];
          two[j] = String(b);
          const t2 = `T${two.join('')}`;
          if (isValidRegistrationNumber(t2)) out.add(t2);
        }
      }
    }
  }
  out.delete(n);
  return [...out];
}

export interface EvalRegistryFile {
  rows: RegistryRowSpec[];
  issuers: number;
  neighbours: number;
  sameNames: number;
}

export function evalRegistryRows(
  docs: EvalDoc[],
  opts: { total?: number; neighbourShare?: number; seed?: number } = {},
): EvalRegistryFile {
  const total = opts.total ?? 200_000;
  const share = opts.neighbourShare ?? 0.5;
  const rand = mulberry32(opts.seed ?? 4242);
  const byNumber = new Map<string, RegistryRowSpec>();
  const issuerNumbers = new Map<string, string>();
  for (const d of docs) issuerNumbers.set(d.truth.registration_number, d.truth.issuer_name);
  for (const [n, name] of issuerNumbers) byNumber.set(n, { registration_number: n, name, registered_on: '2023-10-01' });
  let neighbours = 0;
  for (const n of issuerNumbers.keys()) {
    for (const m of validNeighbours(n)) {
      if (byNumber.has(m) || rand() >= share) continue;
      byNumber.set(m, { registration_number: m, name: randomName(rand), registered_on: '2023-10-01' });
      neighbours++;
    }
  }
  let sameNames = 0;
  for (const name of new Set(issuerNumbers.values())) {
    if (rand() < 0.5) continue;
    const m = randomNumber(rand);
    if (byNumber.has(m)) continue;
    byNumber.set(m, { registration_number: m, name, registered_on: '2023-10-01' });
    sameNames++;
  }
  while (byNumber.size < total) {
    const m = randomNumber(rand);
    if (byNumber.has(m)) continue;
    const month = String(1 + Math.floor(rand() * 12)).padStart(2, '0');
    byNumber.set(m, { registration_number: m, name: randomName(rand), registered_on: `2023-${month}-01` });
  }
  // the published file is ordered by number; the import does not care, but keep the file realistic
  const rows = [...byNumber.values()].sort((a, b) => (a.registration_number < b.registration_number ? -1 : 1));
  return { rows, issuers: issuerNumbers.size, neighbours, sameNames };
}

/**
 * The registry in an embedded database (kept in the temp directory between runs, rebuilt with
 * OCR_EVAL_FRESH=1 or when the set or the row count changes), imported by runRegistryImport.
 */
export async function evalRegistry(
  docs: EvalDoc[],
  opts: { total?: number; neighbourShare?: number } = {},
): Promise<{ database: Database; file: Omit<EvalRegistryFile, 'rows'> & { rows: number }; importSeconds: number }> {
  const file = evalRegistryRows(docs, opts);
  const key = `${docs.length}-${file.rows.length}-${opts.neighbourShare ?? 0.5}`;
  const dir = path.join(tmpdir(), 'chobo-ocr-eval-v1', `registry-${key}`);
  const ready = path.join(dir, 'READY');
  const summary = {
    rows: file.rows.length,
    issuers: file.issuers,
    neighbours: file.neighbours,
    sameNames: file.sameNames,
  };
  if (!process.env.OCR_EVAL_FRESH && existsSync(ready)) {
    const database = await openDatabase({ dataDir: path.join(dir, 'data') });
    return { database, file: summary, importSeconds: 0 };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ dataDir: path.join(dir, 'data') });
  await runMigrations(database);
  const bytes = registryFileOf(file.rows);
  const [{ id }] = await database.db
    .insert(registryImports)
    .values({ kind: 'full', file_name: 'eval-zenken.csv', file_size: bytes.length, sha256: '' })
    .returning({ id: registryImports.id });
  const t = performance.now();
  const env = loadEnv({ NODE_ENV: 'test' });
  const imp = await runRegistryImport({ db: database.db, storage: new MemoryFileStorage(), env }, id, bytes);
  const importSeconds = (performance.now() - t) / 1000;
  if (imp?.status !== 'imported') throw new Error(`eval registry import ${imp?.status}: ${imp?.error}`);
  const [{ n }] = await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from registry_entries`);
  if (n !== file.rows.length) throw new Error(`eval registry: ${n} rows imported, ${file.rows.length} expected`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(ready, String(n));
  return { database, file: summary, importSeconds };
}
