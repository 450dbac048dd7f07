import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { uploadFile } from '../../test/multipart.js';
import { sqlRows } from './sql-rows.js';

const ctx = useTestApp();

async function owner() {
  const o = await companyOwner(ctx);
  const ids = Object.fromEntries(
    (await o.api.get('/api/company/accounts')).json().data.map((a: { code: string; id: number }) => [a.code, a.id]),
  );
  return { ...o, ids };
}

async function count(companyId: number) {
  const [r] = await sqlRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from journal_entries where company_id = ${companyId}`,
  );
  return r.n;
}

const HEADER = '伝票番号,日付,摘要,勘定科目コード,勘定科目,借方金額,貸方金額,税区分,行メモ\r\n';

describe('journal CSV', () => {
  it('exports entries (UTF-8 with BOM, one row per line) that import back into another company', async () => {
    const a = await owner();
    await a.api.post('/api/accountings', {
      date: '2026-04-05',
      description: '売上, "特注品"',
      lines: [
        { account_id: a.ids['1220'], debit: 110000 },
        { account_id: a.ids['4110'], credit: 100000, tax_category: 'sales_10' },
        { account_id: a.ids['2210'], credit: 10000, memo: '消費税' },
      ],
    });
    await a.api.post('/api/accountings', {
      date: '2026-04-06',
      description: '家賃',
      lines: [
        { account_id: a.ids['6200'], debit: 50000 },
        { account_id: a.ids['1120'], credit: 50000 },
      ],
    });
    const res = await a.api.get('/api/accountings?format=csv&from=2026-04-01&to=2026-04-30');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER.trim());
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe('1,2026-04-05,"売上, ""特注品""",1220,売掛金,110000,,対象外,');
    expect(lines[2]).toContain('課税売上 10%');

    const b = await owner();
    const imp = await uploadFile(ctx.app, b.token, '/api/accountings/import', 'export.csv', res.rawPayload);
    expect(imp.statusCode, imp.body).toBe(200);
    expect(imp.json().data).toMatchObject({ entries: 2, lines: 5, encoding: 'utf-8' });
    const list = (await b.api.get('/api/accountings?sort_by=date&sort_dir=asc')).json().data;
    expect(list.map((e: { description: string; total: number }) => [e.description, e.total])).toEqual([
      ['売上, "特注品"', 110000],
      ['家賃', 50000],
    ]);
    expect(list[0].lines[1]).toMatchObject({ tax_category: 'sales_10', account_id: b.ids['4110'] });
  });

  it('reads Shift_JIS files, accounts by name, yyyy/m/d dates and amounts with commas', async () => {
    const o = await owner();
    const text = `${HEADER}A,2026/4/1,現金売上,,現金,"1,100",,,\r\nA,2026/4/1,現金売上,,売上高,,"1,000",課税売上 10%,\r\nA,2026/4/1,現金売上,2210,,,100,,①㈱髙﨑\r\n`;
    const dry = await uploadFile(
      ctx.app,
      o.token,
      '/api/accountings/import?dry_run=1',
      'sjis.csv',
      iconv.encode(text, 'cp932'),
    );
    expect(dry.json().data).toMatchObject({ dry_run: true, entries: 1, lines: 3, encoding: 'shift_jis' });
    expect(await count(o.company.id)).toBe(0);
    const res = await uploadFile(ctx.app, o.token, '/api/accountings/import', 'sjis.csv', iconv.encode(text, 'cp932'));
    expect(res.statusCode).toBe(200);
    const [e] = (await o.api.get('/api/accountings')).json().data;
    expect(e).toMatchObject({ date: '2026-04-01', total: 1100 });
    expect(e.lines[2].memo).toBe('①㈱髙﨑');
  });

  it('imports nothing when any row is bad, listing every problem by row in Japanese', async () => {
    const o = await owner();
    const text =
      `${HEADER}1,2026-04-01,良い仕訳,1110,,500,,,\r\n1,2026-04-01,良い仕訳,4110,,,500,,\r\n` +
      `2,2026-04-02,不一致,1110,,500,,,\r\n2,2026-04-02,不一致,4110,,,400,,\r\n` +
      `3,2026-04-03,科目なし,9999,,100,,,\r\n3,2026-04-03,科目なし,4110,,,100,不明な区分,\r\n` +
      `4,2026-13-01,日付誤り,1110,,100,,,\r\n4,2026-13-01,日付誤り,4110,,,100,,\r\n`;
    const res = await uploadFile(ctx.app, o.token, '/api/accountings/import', 'bad.csv', Buffer.from(text));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toContain('取り込みませんでした');
    expect(Object.keys(body.errors)).toEqual(['rows.4', 'rows.6', 'rows.7', 'rows.8']);
    expect(body.errors['rows.4'][0]).toMatch(/^4行目: .*一致していません/);
    expect(body.errors['rows.6'][0]).toContain('9999');
    expect(body.errors['rows.7'][0]).toContain('不明な区分');
    expect(body.errors['rows.8'][0]).toContain('日付');
    expect(await count(o.company.id)).toBe(0);
  });

  it('refuses a file without the needed columns and a locked period (nothing written)', async () => {
    const o = await owner();
    const noHeader = await uploadFile(
      ctx.app,
      o.token,
      '/api/accountings/import',
      'x.csv',
      Buffer.from('a,b,c\r\n1,2,3\r\n'),
    );
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().errors.file[0]).toContain('見出し行');
    await o.api.post('/api/company/period-locks', { kind: 'month', date: '2026-03-01' });
    const text = `${HEADER}1,2026-04-01,可,1110,,5,,,\r\n1,2026-04-01,可,4110,,,5,,\r\n2,2026-03-10,締め済み,1110,,5,,,\r\n2,2026-03-10,締め済み,4110,,,5,,\r\n`;
    const locked = await uploadFile(ctx.app, o.token, '/api/accountings/import', 'l.csv', Buffer.from(text));
    expect(locked.statusCode).toBe(422);
    expect(Object.values(locked.json().errors).flat()[0]).toMatch(/^4行目: .*締められた/);
    expect(await count(o.company.id)).toBe(0);
  });
});
