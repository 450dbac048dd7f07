import { attendanceCorrections } from '../db/schema/index.js';
import { makePng } from '../lib/png.js';
import type { Client, TestContext } from './harness.js';
import { multipartForm, tinyPdf, uploadFile } from './multipart.js';

/**
 * One record of each kind a company route's path names, made by company A through the API (and its marker in
 * their texts): what the route walks (lib/tenant-route.test.ts as another company, db/pooler.test.ts through a
 * transaction-mode pooler) fill the routes' :id parameters and id query parameters with.
 */
export interface Fixture {
  id: number;
  fileId?: number;
  rowId?: number;
  /** the record as A reads it (a PUT's body) */
  record: Record<string, unknown>;
  /** the body of a non-PUT call, when an empty one would be refused before the company check */
  body?: Record<string, unknown>;
}

export interface CompanyFixtures {
  /** company A's records by the route (its URL pattern) whose :id they fill */
  fixtures: Map<string, Fixture>;
  /** company A's ids by query parameter name */
  queryIds: Record<string, number>;
}

async function created(api: Client, url: string, body: unknown): Promise<{ id: number } & Record<string, unknown>> {
  const res = await api.post(url, body);
  if (res.statusCode !== 201) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Company A's fixtures (`a`: its owner), with `marker` in their names and texts. */
export async function companyFixtures(
  ctx: TestContext,
  a: { api: Client; token: string; company: { id: number } },
  marker: string,
): Promise<CompanyFixtures> {
  const MARKER = marker;
  const fixtures = new Map<string, Fixture>();
  const queryIds: Record<string, number> = {};
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
  for (const suffix of ['', '/issue', '/send', '/correct', '/pdf', '/ubl', '/payments'])
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
  const batch = await created(a.api, '/api/payment-batches', {
    payment_date: '2026-06-30',
    bank_account_id: bankAccount.id,
    items: [{ transaction_document_id: doc.id, amount: 100 }],
  });
  for (const suffix of ['', '/approve', '/confirm', '/zengin'])
    fixtures.set(`/api/payment-batches/:id${suffix}`, {
      id: batch.id,
      record: {
        payment_date: '2026-06-30',
        bank_account_id: bankAccount.id,
        items: [{ transaction_document_id: doc.id, amount: 100 }],
      },
    });
  const fee = 110;
  fixtures.set('/api/company/bank-accounts/:id/transfer-settings', {
    id: bankAccount.id,
    record: {
      requester_code: '0123456789',
      requester_name_kana: 'ﾃｽﾄ',
      fees: Object.fromEntries(
        ['same_branch', 'same_bank', 'other_bank'].flatMap((k) => [`${k}_under`, `${k}_over`]).map((k) => [k, fee]),
      ),
      updated_at: bankAccount.updated_at,
    },
  });
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
  // the consumption-tax return (issue 27): company A's fiscal year
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
  queryIds.account_id = code('1120');
  queryIds.fiscal_year_id = fy.id;
  queryIds.customer_id = customer.id;
  queryIds.exclude_id = customer.id;
  queryIds.employee_id = employee.id;
  queryIds.payment_id = payment.id;
  return { fixtures, queryIds };
}

/** The URL (its :id parameters filled from `fixture`) and body of a call to route `r` about the fixture's record. */
export function routeCall(r: { method: string; url: string }, fixture: Fixture) {
  const url = r.url
    .replace(':file_id', String(fixture.fileId ?? 0))
    .replace(':row_id', String(fixture.rowId ?? 0))
    .replace(/:[a-z_]+/, String(fixture.id));
  const body: Record<string, unknown> | undefined =
    r.method === 'PUT' || r.method === 'PATCH'
      ? { updated_at: new Date().toISOString(), ...fixture.record }
      : r.method === 'GET'
        ? undefined
        : (fixture.body ?? {});
  return { url, body };
}
