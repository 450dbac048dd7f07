import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceCorrections } from '../db/schema/index.js';
import type { RegisteredRoute } from '../plugins/auth.js';
import { type Client, companyOwner, createTestApp, type TestContext } from '../test/harness.js';
import { multipartForm, tinyPdf, uploadFile } from '../test/multipart.js';
import { makePng } from './png.js';
import { isCompanyRoute } from './tenant-route.js';

/**
 * Tenancy by construction, proven over every registered company route: company B's owner calls each
 * route with company A's ids (in the path and in id query parameters) and must get 404; every list
 * B reads must not carry A's marker. A company route with a path parameter that this test has no
 * fixture for fails the test — a new module has to say here which record its :id is.
 */

const MARKER = 'ZQテナント境界A';

let ctx: TestContext;
let a: Awaited<ReturnType<typeof companyOwner>>;
let b: Awaited<ReturnType<typeof companyOwner>>;
/** Company A's records by the route prefix whose :id they fill, with the record as A reads it. */
const fixtures = new Map<
  string,
  { id: number; fileId?: number; rowId?: number; record: Record<string, unknown>; body?: Record<string, unknown> }
>();
/** Company A's ids by query parameter name. */
const queryIds: Record<string, number> = {};

async function created(api: Client, url: string, body: unknown): Promise<{ id: number } & Record<string, unknown>> {
  const res = await api.post(url, body);
  if (res.statusCode !== 201) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

beforeAll(async () => {
  ctx = await createTestApp();
  a = await companyOwner(ctx);
  b = await companyOwner(ctx);
  const accounts: { id: number; code: string }[] = (await a.api.get('/api/company/accounts')).json().data;
  const code = (c: string) => accounts.find((x) => x.code === c)?.id as number;

  const customer = await created(a.api, '/api/company/customer', {
    name: `${MARKER}商事`,
    honorific: '御中',
    used_for: 1,
  });
  const product = await created(a.api, '/api/products', {
    code: 'LEAK-1',
    name: `${MARKER}商品`,
    unit: '個',
    unit_price: 1000,
    tax_category: '10',
    is_active: true,
  });
  const employee = await created(a.api, '/api/company/employees', {
    code: 'LEAK-E1',
    name: `${MARKER}社員`,
    hire_date: '2024-04-01',
    employment_type: 'full_time',
    daily_hours: 8,
  });
  const account = await created(a.api, '/api/company/accounts', {
    code: '1129',
    name: `${MARKER}預金`,
    category: 'asset',
    section: 'current_assets',
    cash_flow_role: 'cash',
  });
  const fy = await created(a.api, '/api/company/fiscal-years', { start_date: '2026-04-01' });
  const entry = await created(a.api, '/api/accountings', {
    date: '2026-05-01',
    description: `${MARKER}売上`,
    lines: [
      { account_id: code('1120'), debit: 1100, credit: 0 },
      { account_id: code('4110'), debit: 0, credit: 1100, tax_category: 'sales_10', customer_id: customer.id },
    ],
  });
  const sale = await created(a.api, '/api/transactions', {
    customer_id: customer.id,
    transaction_date: '2026-06-01',
    subject: `${MARKER}件名`,
    lines: [{ description: `${MARKER}品目`, quantity: 1, unit_price: 1000, tax_category: '10' }],
  });
  const invoice = await created(a.api, '/api/invoices', {
    customer_id: customer.id,
    transaction_ids: [sale.id],
    issue_date: '2026-06-30',
    notes: `${MARKER}備考`,
  });
  const supplier = await created(a.api, '/api/company/customer', {
    name: `${MARKER}仕入先`,
    honorific: '御中',
    used_for: 2,
  });
  const doc = await created(a.api, '/api/transaction-documents', {
    customer_id: supplier.id,
    document_type: 4,
    transaction_date: '2026-06-10',
    amount: 1100,
    taxes: [{ tax_category: '10', base: 1000, tax: 100 }],
    memo: `${MARKER}発注取引`,
  });
  const docFile = await uploadFile(ctx.app, a.token, `/api/transaction-documents/${doc.id}/files`, 'a.pdf', tinyPdf());
  if (docFile.statusCode !== 201) throw new Error(`fixture file: ${docFile.body}`);
  const ocr = await uploadFile(
    ctx.app,
    a.token,
    '/api/ocr-documents',
    `${MARKER}.png`,
    makePng(40, 20, (x) => (x % 7 === 0 ? [0, 0, 0] : [255, 255, 255])),
  );
  if (ocr.statusCode !== 201) throw new Error(`fixture ocr: ${ocr.body}`);
  const ocrId = ocr.json().data[0].id as number;
  const lock = await created(a.api, '/api/company/period-locks', { kind: 'month', date: '2026-04-01' });
  const attendanceDay = await created(a.api, '/api/company/attendance', {
    employee_id: employee.id,
    date: '2026-04-06',
    clock_in: '2026-04-06T09:00:00+09:00',
    clock_out: '2026-04-06T18:00:00+09:00',
    breaks: [],
    reason: `${MARKER}理由`,
  });
  const [correction] = await ctx.db
    .insert(attendanceCorrections)
    .values({
      company_id: a.company.id,
      employee_id: employee.id,
      date: '2026-04-07',
      clock_in: new Date('2026-04-07T00:00:00Z'),
      clock_out: new Date('2026-04-07T09:00:00Z'),
      reason: `${MARKER}申請`,
    })
    .returning();

  const read = async (url: string) => (await a.api.get(url)).json().data as Record<string, unknown>;
  fixtures.set('/api/company/customer/:id', {
    id: customer.id,
    record: await read(`/api/company/customer/${customer.id}`),
  });
  fixtures.set('/api/products/:id', { id: product.id, record: await read(`/api/products/${product.id}`) });
  fixtures.set('/api/company/employees/:id', {
    id: employee.id,
    record: await read(`/api/company/employees/${employee.id}`),
  });
  fixtures.set('/api/company/accounts/:id', { id: account.id, record: account });
  fixtures.set('/api/accountings/:id', { id: entry.id, record: await read(`/api/accountings/${entry.id}`) });
  fixtures.set('/api/transactions/:id', { id: sale.id, record: await read(`/api/transactions/${sale.id}`) });
  const inv = { id: invoice.id, record: await read(`/api/invoices/${invoice.id}`) };
  for (const suffix of ['', '/issue', '/send', '/correct', '/pdf', '/payments'])
    fixtures.set(`/api/invoices/:id${suffix}`, inv);
  fixtures.set('/api/accountings/:id/reverse', { id: entry.id, record: {} });
  fixtures.set('/api/company/fiscal-years/:id/close', { id: fy.id, record: {} });
  fixtures.set('/api/company/fiscal-years/:id/reopen', { id: fy.id, record: {} });
  fixtures.set('/api/company/period-locks/:id', { id: lock.id, record: {} });
  const td = {
    id: doc.id,
    fileId: docFile.json().data.id as number,
    record: await read(`/api/transaction-documents/${doc.id}`),
  };
  for (const suffix of ['', '/files', '/history', '/files/:file_id', '/files/:file_id/link']) {
    fixtures.set(`/api/transaction-documents/:id${suffix}`, td);
  }
  const attendanceRecord = await read(`/api/company/attendance/${attendanceDay.id}`);
  fixtures.set('/api/company/attendance/:id', {
    id: attendanceDay.id,
    record: { ...attendanceRecord, employee_id: employee.id, reason: '上書き' },
  });
  fixtures.set('/api/company/attendance/corrections/:id/approve', { id: correction.id, record: {} });
  fixtures.set('/api/company/attendance/corrections/:id/reject', { id: correction.id, record: {} });
  for (const suffix of ['', '/confirm', '/retry']) {
    fixtures.set(`/api/ocr-documents/:id${suffix}`, {
      id: ocrId,
      record: { fields: { total: 1 } },
      // confirm needs its updated_at (else 422 before the company check)
      ...(suffix === '/confirm' ? { body: { updated_at: new Date().toISOString() } } : {}),
    });
  }
  const payment = await created(a.api, '/api/payments', {
    direction: 'in',
    date: '2026-07-10',
    customer_id: customer.id,
    amount: 500,
    memo: `${MARKER}入金`,
    allocations: [{ transaction_id: sale.id, amount: 500 }],
  });
  const pay = { id: payment.id, record: await read(`/api/payments/${payment.id}`) };
  fixtures.set('/api/payments/:id', pay);
  fixtures.set('/api/payments/:id/short-payment', {
    id: payment.id,
    record: { transaction_id: sale.id, updated_at: pay.record.updated_at },
  });
  const bankAccount = await created(a.api, '/api/company/bank-accounts', {
    bank_code: '0005',
    bank_name: `${MARKER}銀行`,
    branch_code: '001',
    branch_name: '本店',
    account_type: '普通',
    account_number: '1234567',
    account_holder: 'カ）テスト',
    account_id: code('1120'),
  });
  const form = multipartForm(
    { bank_account_id: bankAccount.id },
    {
      name: 'a.csv',
      bytes: Buffer.from(`年月日,お引出し,お預入れ,お取り扱い内容,残高\r\n2026/05/01,,1000,${MARKER}入金,1000\r\n`),
    },
  );
  const imported = await ctx.app.inject({
    method: 'POST',
    url: '/api/bank-statements',
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${a.token}` },
  });
  if (imported.statusCode !== 201) throw new Error(`fixture import: ${imported.body}`);
  const imp = imported.json().data;
  const rule = await created(a.api, '/api/company/bank-rules', {
    name: `${MARKER}ルール`,
    description_contains: '手数料',
    account_id: code('1120'),
  });
  const mapping = await created(a.api, '/api/company/bank-csv-mappings', {
    name: `${MARKER}対応付け`,
    date_column: 1,
    amount_column: 2,
    description_column: 3,
  });
  fixtures.set('/api/company/bank-accounts/:id', { id: bankAccount.id, record: bankAccount });
  for (const suffix of ['', '/file', '/revert', '/confirm', '/ignore']) {
    fixtures.set(`/api/bank-statements/:id${suffix}`, { id: imp.id, record: {} });
  }
  const impRows = (await read(`/api/bank-statements/${imp.id}`)).rows as { id: number; updated_at: string }[];
  fixtures.set('/api/bank-statements/:id/rows/:row_id', {
    id: imp.id,
    rowId: impRows[0].id,
    record: { account_id: code('1120'), updated_at: impRows[0].updated_at },
  });
  fixtures.set('/api/company/bank-rules/:id', {
    id: rule.id,
    record: await read(`/api/company/bank-rules/${rule.id}`),
  });
  fixtures.set('/api/company/bank-csv-mappings/:id', {
    id: mapping.id,
    record: await read(`/api/company/bank-csv-mappings/${mapping.id}`),
  });
  // notices are the platform's, not a company's: B reading one it may see is not a leak (tested in infos)
  fixtures.set('/api/company/infos/:id', { id: 0, record: {} });
  for (const suffix of ['', '/fill', '/pdf'])
    fixtures.set(`/api/company/tax-returns/:fiscal_year_id${suffix}`, { id: fy.id, record: {} });
  // a valid body, so the call reaches the company check (an empty one would be refused first with 422)
  fixtures.set('/api/company/tax-returns/:fiscal_year_id/post-entry', {
    id: fy.id,
    record: {},
    body: { amount: 1, updated_at: new Date().toISOString() },
  });
  for (const suffix of ['', '/fill', '/pdf'])
    fixtures.set(`/api/company/consumption-tax-returns/:fiscal_year_id${suffix}`, {
      id: fy.id,
      record: suffix === '' ? { inputs: { method: 'general' } } : {},
    });
  fixtures.set('/api/company/consumption-tax-returns/:fiscal_year_id/post-entry', {
    id: fy.id,
    record: {},
    body: { updated_at: new Date().toISOString() },
  });
  queryIds.account_id = code('1120');
  queryIds.fiscal_year_id = fy.id;
  queryIds.customer_id = customer.id;
  queryIds.exclude_id = customer.id;
  queryIds.employee_id = employee.id;
  queryIds.payment_id = payment.id;
});

afterAll(async () => {
  await ctx?.close();
});

const companyRoutes = () => ctx.app.apiRoutes.filter((r: RegisteredRoute) => isCompanyRoute(r.access));

/** The id query parameters a route's querystring schema declares (other than company_id). */
function idQueryParams(r: RegisteredRoute): string[] {
  const q = (r.schema as { querystring?: { shape?: Record<string, unknown> } } | undefined)?.querystring;
  return Object.keys(q?.shape ?? {}).filter((k) => k.endsWith('_id') && k !== 'company_id');
}

describe('every company route is scoped to the caller’s company', () => {
  it('registers the company routes through companyRoute (there are some)', () => {
    expect(companyRoutes().length).toBeGreaterThan(40);
  });

  it('answers 404 to company B for each of company A’s ids in the path', async () => {
    const checked: string[] = [];
    for (const r of companyRoutes().filter((x) => x.url.includes(':'))) {
      const fixture = fixtures.get(r.url);
      expect(fixture, `no fixture for ${r.method} ${r.url}: add company A's record for it to this test`).toBeDefined();
      if (!fixture || fixture.id === 0) continue;
      const url = r.url
        .replace(':file_id', String(fixture.fileId ?? 0))
        .replace(':row_id', String(fixture.rowId ?? 0))
        .replace(/:[a-z_]+/, String(fixture.id));
      const body =
        r.method === 'PUT' || r.method === 'PATCH'
          ? { updated_at: new Date().toISOString(), ...fixture.record }
          : r.method === 'GET'
            ? undefined
            : (fixture.body ?? {});
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url,
        headers: { authorization: `Bearer ${b.token}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(res.statusCode, `${r.method} ${url} as company B: ${res.body}`).toBe(404);
      checked.push(`${r.method} ${r.url}`);
    }
    expect(checked.length).toBeGreaterThan(15);
    // and company A's records are all still there, unchanged
    const still = (await a.api.get(`/api/accountings/${fixtures.get('/api/accountings/:id')?.id}`)).json().data;
    expect(still.description).toBe(`${MARKER}売上`);
  });

  it('answers 404 to company B for company A’s ids in query parameters', async () => {
    const checked: string[] = [];
    for (const r of companyRoutes().filter((x) => x.method === 'GET' && !x.url.includes(':'))) {
      const params = idQueryParams(r);
      for (const param of params) {
        const id = queryIds[param];
        expect(id, `no id for query parameter ${param} of ${r.url}: add company A's to this test`).toBeDefined();
        // the route's other id parameters (e.g. the ledger's account_id beside customer_id) name A's too
        const others = params.filter((p) => p !== param).map((p) => `&${p}=${queryIds[p]}`);
        const res = await b.api.get(`${r.url}?${param}=${id}${others.join('')}`);
        // a filter by another company's id finds nothing (200, empty) or names the id as not found (404)
        expect([200, 404], `${r.url}?${param}=${id}: ${res.statusCode}`).toContain(res.statusCode);
        expect(res.body, `${r.url}?${param}=${id} leaks company A`).not.toContain(MARKER);
        checked.push(`${r.url}?${param}`);
      }
    }
    expect(checked.length).toBeGreaterThan(3);
  });

  it('never shows company A’s records in anything company B lists or downloads', async () => {
    const checked: string[] = [];
    for (const r of companyRoutes().filter((x) => x.method === 'GET' && !x.url.includes(':'))) {
      const res = await b.api.get(r.url);
      expect(res.statusCode, `${r.url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.body, `${r.url} leaks company A`).not.toContain(MARKER);
      checked.push(r.url);
    }
    // the same lists as company A do show the marker, so the check above can fail
    expect((await a.api.get('/api/company/customer')).body).toContain(MARKER);
    expect((await a.api.get('/api/accountings')).body).toContain(MARKER);
    expect(checked.length).toBeGreaterThan(15);
  });
});
