import type { OcrDocument, OcrDocumentDetail } from '@chobo/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registryImports } from '../../db/schema/index.js';
import { makePng } from '../../lib/png.js';
import { companyOwner, createTestApp, type TestContext } from '../../test/harness.js';
import { multipartFiles } from '../../test/multipart.js';
import { type RegistryRowSpec, registryFileOf } from '../registry/registry-files.js';
import { runRegistryImport } from '../registry/registry-import.js';
import type { OcrEngine, OcrPageResult } from './engine.js';
import type { OcrServices } from './ocr-job.js';
import { MupdfRasteriser } from './rasteriser.js';

const LONG = { timeout: 180_000 };
const HELD = 'T7000012050002'; // in the registry
const MISREAD = 'T7000012050003'; // its last digit misread: the check digit fails
const CANCELLED = 'T4011001098993'; // in the registry, 取消 2024-01-01

/** An engine that "reads" whatever lines the test gives it. */
class LinesEngine implements OcrEngine {
  lines: string[] = [];
  async recognize(_png: Buffer, page: number): Promise<OcrPageResult> {
    const lines = this.lines.map((text, i) => ({
      text,
      confidence: 0.95,
      box: { page, x: 10, y: 10 + i * 30, width: 300, height: 24 },
    }));
    return {
      text: this.lines.join('\n'),
      confidence: 0.95,
      lines,
      words: lines.map((l) => ({ text: l.text, confidence: l.confidence, box: l.box })),
    };
  }
  async close() {}
}

const invoice = (issuer: string, number: string) => [
  '請求 書',
  `株式会社サンプル商事 御中 ${issuer}`,
  `登録 番号 ${number}`,
  'TEL 03-1234-5678',
  '発行 日 令 和 6 年 4 月 1 日',
  '10% 対 象 \\5,000 消費 税 \\500',
  '合計 \\5,500',
];

const png = () => makePng(120, 80, (x, y) => (x > 20 && x < 100 && y > 30 && y < 50 ? [0, 0, 0] : [255, 255, 255]));

describe('the OCR result checked against the registry (real database, real queue and job)', () => {
  let ctx: TestContext;
  const engine = new LinesEngine();
  const services: OcrServices = { engine, rasteriser: new MupdfRasteriser() };

  beforeAll(async () => {
    ctx = await createTestApp({ ocr: services });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function read(token: string, lines: string[]): Promise<OcrDocumentDetail> {
    engine.lines = lines;
    const { body, headers } = multipartFiles([{ name: '請求書.png', bytes: png() }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ocr-documents',
      payload: body,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [doc]: OcrDocument[] = res.json().data;
    let last: OcrDocumentDetail | undefined;
    await vi.waitFor(
      async () => {
        const r = await ctx.app.inject({
          method: 'GET',
          url: `/api/ocr-documents/${doc.id}`,
          headers: { authorization: `Bearer ${token}` },
        });
        last = r.json().data;
        expect(last?.status).toBe(2);
      },
      { timeout: 60_000, interval: 100 },
    );
    return last as OcrDocumentDetail;
  }

  it('before any registry is imported the fields stay as read', LONG, async () => {
    const o = await companyOwner(ctx);
    const d = await read(o.token, invoice('株式会社 山田 商店', MISREAD));
    expect(d.fields?.registration_number).toMatchObject({ value: MISREAD });
    expect(d.fields?.issuer_name.value).toBe('株式会社山田商店');
  });

  it(
    'takes the issuer from the registry (read name kept, a mismatch 要確認), corrects a one-digit misread, flags a lapsed number',
    LONG,
    async () => {
      const o = await companyOwner(ctx);
      const rows: RegistryRowSpec[] = [
        { registration_number: HELD, name: '株式会社山田商店本社', registered_on: '2023-10-01' },
        {
          registration_number: CANCELLED,
          name: '有限会社みどり商店',
          registered_on: '2023-10-01',
          cancelled_on: '2024-01-01',
          process_kind: '04',
        },
      ];
      const bytes = registryFileOf(rows);
      const [{ id }] = await ctx.db
        .insert(registryImports)
        .values({ kind: 'full', file_name: 'zenken.csv', file_size: bytes.length, sha256: '' })
        .returning({ id: registryImports.id });
      expect((await runRegistryImport(ctx.app.deps, id, bytes))?.status).toBe('imported');

      // the misread number: exactly one single-digit correction is valid and held → corrected
      const a = await read(o.token, invoice('株式会社 山田 商店', MISREAD));
      const reg = a.fields?.registration_number as unknown as Record<string, unknown>;
      expect(reg).toMatchObject({ value: HELD, read_value: MISREAD });
      expect(reg.warning).toMatch(/要確認.*1桁違いで登録簿にある「T7000012050002」に直しました/);
      const issuer = a.fields?.issuer_name as unknown as Record<string, unknown>;
      expect(issuer).toMatchObject({
        value: '株式会社山田商店本社',
        source: 'registry',
        read_value: '株式会社山田商店',
      });
      expect(issuer.warning).toMatch(/要確認: 読み取った名称「株式会社山田商店」が登録簿の名称と違います/);

      // the same name read (spaces and a short legal form aside): no warning; 取消 before the date: flagged
      const b = await read(o.token, invoice('(有) みどり 商店', CANCELLED));
      expect(b.fields?.issuer_name).toMatchObject({ value: '有限会社みどり商店', confidence: 1 });
      expect(b.fields?.issuer_name.warning).toBeUndefined();
      expect(b.fields?.registration_number.warning).toBe(
        '要確認: この登録番号は取引日（2024-04-01）に有効ではありません（取消）',
      );

      // a valid number the registry does not hold: kept, flagged
      const c = await read(o.token, invoice('株式会社 山田 商店', 'T2120901007402'));
      expect(c.fields?.registration_number).toMatchObject({ value: 'T2120901007402' });
      expect(c.fields?.registration_number.warning).toMatch(/登録簿（国税庁の公表データ）にありません/);
      expect(c.fields?.issuer_name.value).toBe('株式会社山田商店');
    },
  );
});
