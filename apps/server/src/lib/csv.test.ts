import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, companyOwner, createTestApp, type TestContext } from '../test/harness.js';
import { csvField, csvLine, parseCsv } from './csv.js';

describe('csvField: formula injection', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['+81-3-1234', "'+81-3-1234"],
    ['-1200', "'-1200"],
    ['\t=1', `'\t=1`],
    ['\r=1', `"'\r=1"`],
  ])('a string %j is written as text: %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('numbers stay numbers, including negative amounts', () => {
    expect(csvField(-1200)).toBe('-1200');
    expect(csvLine(['残高', -1200, 0, null], '\n')).toBe('残高,-1200,0,\n');
  });

  it('ordinary text is untouched', () => {
    expect(csvField('コピー用紙 A4')).toBe('コピー用紙 A4');
    expect(csvField('2026-04-01')).toBe('2026-04-01');
  });

  it('parseCsv reads guarded cells back as written by the user', () => {
    const text = csvLine(['=1+1', '@x', -5, '-5', "'plain"], '\r\n');
    expect(parseCsv(text)).toEqual([['=1+1', '@x', '-5', '-5', "'plain"]]);
  });
});

describe('CSV downloads', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof companyOwner>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await companyOwner(ctx);
  });
  afterAll(() => ctx.close());

  async function accountsOf(api: Client): Promise<Record<string, number>> {
    const res = await api.get('/api/company/accounts?include_inactive=1');
    return Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
  }

  it('products: formula-looking names come back quoted with a leading single quote', async () => {
    for (const [code, name] of [
      ['F-1', '=HYPERLINK("http://x")'],
      ['F-2', '@SUM(A1)'],
    ]) {
      const res = await owner.api.post('/api/products', {
        code,
        name,
        unit: '個',
        unit_price: 100,
        tax_category: '10',
      });
      expect(res.statusCode).toBe(201);
    }
    const csv = (await owner.api.get('/api/product-download')).body;
    expect(csv).toContain(`F-1,"'=HYPERLINK(""http://x"")",個,100,`);
    expect(csv).toContain("F-2,'@SUM(A1),個,100,");
    expect(csv).not.toMatch(/,=HYPERLINK|,@SUM/);
  });

  it('journal and ledger: a formula-looking description is guarded, a negative balance stays a number', async () => {
    const ids = await accountsOf(owner.api);
    const res = await owner.api.post('/api/accountings', {
      date: '2026-04-10',
      description: '=cmd|" /C calc"!A0',
      lines: [
        { account_id: ids['1120'], debit: 0, credit: 1200 },
        { account_id: ids['4110'], debit: 1200, credit: 0 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const journal = (await owner.api.get('/api/accountings?format=csv')).body;
    expect(journal).toContain(`"'=cmd|"" /C calc""!A0"`);
    const ledger = await owner.api.get(
      `/api/company/ledger?account_id=${ids['1120']}&from=2026-04-01&to=2027-03-31&format=csv`,
    );
    expect(ledger.statusCode).toBe(200);
    expect(ledger.body).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(ledger.body).toMatch(/,-1200\r\n/);
    expect(ledger.body).not.toContain("'-1200");
  });
});
