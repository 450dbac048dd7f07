import { extractFieldsFromText, type OcrFieldValues, registrationNumberCorrections } from '@chobo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { registryImports } from '../../db/schema/index.js';
import { loadEnv } from '../../env.js';
import { MemoryFileStorage } from '../../lib/storage.js';
import { createTestDatabase } from '../../test/harness.js';
import { registryFileOf } from '../registry/registry-files.js';
import { runRegistryImport } from '../registry/registry-import.js';
import { checkOcrAgainstRegistry, nameSimilarity, registrationCandidates } from './ocr-registry.js';

const MISREAD = 'T7000012050003'; // fails its check digit
const [AOBA, INSATSU, OTHER] = registrationNumberCorrections(MISREAD); // three valid numbers one digit away

const fields = (number: string | null, issuer: string | null): OcrFieldValues => {
  const f = extractFieldsFromText('');
  return {
    ...f,
    registration_number: { value: number, confidence: 0.3, box: null },
    issuer_name: { value: issuer, confidence: 0.9, box: null },
  };
};

describe('a misread 登録番号 repaired by the registry and the name read (real database)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    const bytes = registryFileOf([
      { registration_number: AOBA, name: '株式会社青葉システム' },
      { registration_number: INSATSU, name: '株式会社青葉印刷' },
      { registration_number: OTHER, name: '東海商店株式会社' },
    ]);
    const [{ id }] = await database.db
      .insert(registryImports)
      .values({ kind: 'full', file_name: 'zenken.csv', file_size: bytes.length, sha256: '' })
      .returning({ id: registryImports.id });
    const env = loadEnv({ NODE_ENV: 'test' });
    const imp = await runRegistryImport({ db: database.db, storage: new MemoryFileStorage(), env }, id, bytes);
    expect(imp?.status).toBe('imported');
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('names alike score high, another company sharing a word low', () => {
    expect(nameSimilarity('株式会社青葉システ厶', '株式会社青葉システム')).toBeGreaterThanOrEqual(0.5);
    expect(nameSimilarity('株式会社青葉システム', '株式会社青葉印刷')).toBeLessThan(0.3);
    expect(nameSimilarity('(株) 青葉 システム', '青葉システム株式会社')).toBe(1);
  });

  it('three held candidates: the one whose registered name reads like the issuer is taken, 要確認', async () => {
    const out = await checkOcrAgainstRegistry(database.db, fields(MISREAD, '株式会社青葉システ厶'));
    expect(out.registration_number).toMatchObject({ value: AOBA, read_value: MISREAD });
    expect(out.registration_number.warning).toMatch(/^要確認: .*「T\d{13}」に直しました（名称が一致する番号）/);
    expect(out.issuer_name).toMatchObject({ value: '株式会社青葉システム', source: 'registry' });
  });

  it('no held candidate reads like the issuer: the number is kept as read, flagged, the name as read', async () => {
    const out = await checkOcrAgainstRegistry(database.db, fields(MISREAD, '有限会社森田建設'));
    expect(out.registration_number.value).toBe(MISREAD);
    expect(out.registration_number.warning).toMatch(/^要確認: 読み取った「T7000012050003」は登録番号として正しくなく/);
    expect(out.issuer_name.value).toBe('有限会社森田建設');
  });

  it('two candidates alike the read name (too close to tell): kept as read', async () => {
    const out = await checkOcrAgainstRegistry(database.db, fields(MISREAD, '株式会社青葉'));
    expect(out.registration_number.value).toBe(MISREAD);
  });

  it('no name read: the page text decides; a number cut short gets its digit back', async () => {
    const text = '請求書\n〒101-0054 東京都千代田区\n株式会社 青葉 システム\nTEL 03-1234-5678';
    const noName = await checkOcrAgainstRegistry(database.db, fields(MISREAD, null), text);
    expect(noName.registration_number.value).toBe(AOBA);
    const short = `${AOBA.slice(0, 9)}${AOBA.slice(10)}`; // one digit lost
    expect(registrationCandidates(short)).toContain(AOBA);
    const cut = await checkOcrAgainstRegistry(database.db, fields(short, '株式会社青葉システム'));
    expect(cut.registration_number).toMatchObject({ value: AOBA, read_value: short });
    expect(cut.registration_number.warning).toMatch(/桁が足りないため、桁を補って登録簿にある/);
  });

  it('another reading of the page (the T read as 1) held under the read name wins over a valid unheld one', async () => {
    const f = fields(`T1${AOBA.slice(1, 13)}`, '株式会社青葉システム');
    const out = await checkOcrAgainstRegistry(database.db, {
      ...f,
      registration_number: { ...f.registration_number, alternatives: [AOBA] },
    });
    expect(out.registration_number.value).toBe(AOBA);
  });

  it('no name read: of the readings (a second look gave another valid one), the one the registry holds is taken', async () => {
    const unheld = registrationNumberCorrections(AOBA).find((n) => ![AOBA, INSATSU, OTHER].includes(n));
    if (!unheld) throw new Error('no unheld valid number');
    const read = fields(unheld, null);
    const out = await checkOcrAgainstRegistry(database.db, {
      ...read,
      registration_number: { ...read.registration_number, confidence: 0.9, alternatives: [AOBA] },
    });
    expect(out.registration_number).toMatchObject({ value: AOBA, read_value: unheld });
    expect(out.registration_number.warning).toBe(
      `要確認: 「${unheld}」とも読めますが、登録簿にある「${AOBA}」にしました`,
    );
    expect(out.issuer_name).toMatchObject({ value: '株式会社青葉システム', source: 'registry' });
  });
});
