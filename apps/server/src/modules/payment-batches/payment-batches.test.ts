import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentBatches, paymentBatchItems } from '../../db/schema/index.js';
import { accountCodes, newBankAccount, newCustomer } from '../../test/factories.js';
import { client, companyOwner, createUser, signIn, useTestApp } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { bankCsvFile } from '../bank-statements/statement-files.js';

const ctx = useTestApp();

type Owner = Awaited<ReturnType<typeof companyOwner>>;
type Api = Owner['api'];
const LIST = '/api/payment-batches';

const accountsOf = accountCodes;

/** A company whose clerk (作成者, no approval) and owner-approver (payment-batches.approve) are signed in. */
async function setup() {
  const clerk = await companyOwner(ctx);
  const approverUser = await createUser(ctx.db, {
    role: 'company',
    companyId: clerk.company.id,
    permissions: ['payment-batches.approve'],
  });
  const approver = client(ctx.app, await signIn(ctx.app, approverUser.email));
  const code = await accountsOf(clerk.api);
  const bankId = await newBankAccount(clerk.api, code('1120'));
  const osaka = await newCustomer(clerk.api, { name: '大阪物産株式会社', name_kana: 'オオサカブッサン', used_for: 2 });
  const kobe = await newCustomer(clerk.api, { name: '神戸工業株式会社', name_kana: 'コウベコウギョウ', used_for: 2 });
  const doc = async (customerId: number, amount: number, due: string | null, date = '2026-05-20') => {
    const res = await clerk.api.post('/api/transaction-documents', {
      customer_id: customerId,
      document_type: 4,
      transaction_date: date,
      amount,
      taxes: [{ tax_category: '10', base: Math.round(amount / 1.1), tax: amount - Math.round(amount / 1.1) }],
      due_date: due,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const docs = {
    osaka1: await doc(osaka.id, 55_000, '2026-06-30'),
    osaka2: await doc(osaka.id, 22_000, '2026-06-30', '2026-05-25'),
    kobe: await doc(kobe.id, 110_000, '2026-06-30'),
    later: await doc(kobe.id, 33_000, '2026-07-31'),
  };
  return { clerk, approver, code, bankId, osaka, kobe, docs };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function batchBody(s: Setup, items: [number, number][], date = '2026-06-30') {
  return {
    payment_date: date,
    bank_account_id: s.bankId,
    items: items.map(([transaction_document_id, amount]) => ({ transaction_document_id, amount })),
  };
}

async function made(s: Setup, items: [number, number][], date?: string) {
  const res = await s.clerk.api.post(LIST, batchBody(s, items, date));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const docStatus = async (api: Api, id: number) =>
  (await api.get(`/api/transaction-documents/${id}`)).json().data.status;

/** Imports a MUFG statement of these rows into the paying account; answers the import and its rows. */
async function importStatement(s: Setup, rows: Parameters<typeof bankCsvFile>[1]) {
  const form = multipartForm(
    { bank_account_id: s.bankId },
    { name: 'mufg.csv', bytes: bankCsvFile('mufg', rows, 1_000_000) },
  );
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/bank-statements',
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${s.clerk.token}` },
  });
  expect(up.statusCode, up.body).toBe(201);
  const imp = up.json().data;
  return { imp, rows: (await s.clerk.api.get(`/api/bank-statements/${imp.id}`)).json().data.rows };
}

describe('payment batches: drafts', () => {
  it('several documents of one supplier make one transfer; partial amounts; list filters; 支払予定', async () => {
    const s = await setup();
    const schedule = (await s.clerk.api.get(`${LIST}/schedule`)).json().data;
    expect(schedule.total).toBe(220_000);
    expect(schedule.groups.map((g: { payment_date: string }) => g.payment_date)).toEqual(['2026-06-30', '2026-07-31']);
    expect(schedule.groups[0].items).toHaveLength(3);

    const b = await made(s, [
      [s.docs.osaka1, 55_000],
      [s.docs.kobe, 60_000],
      [s.docs.osaka2, 22_000],
    ]);
    expect(b).toMatchObject({
      status: 'draft',
      status_label: '承認待ち',
      total: 137_000,
      transfer_count: 2,
      item_count: 3,
      created_by_name: expect.any(String),
      approved_by: null,
    });
    expect(b.transfers.map((t: { customer_id: number; amount: number }) => [t.customer_id, t.amount])).toEqual([
      [s.osaka.id, 77_000],
      [s.kobe.id, 60_000],
    ]);
    // what the batch holds is no longer available to another batch
    const after = (await s.clerk.api.get(`${LIST}/schedule`)).json().data;
    const kobe = after.groups[0].items.find((i: { id: number }) => i.id === s.docs.kobe);
    expect(kobe).toMatchObject({ remaining: 110_000, in_batches: 60_000, available: 50_000, batch_ids: [b.id] });

    await made(s, [[s.docs.later, 33_000]], '2026-07-31');
    const drafts = (await s.clerk.api.get(`${LIST}?status=draft&from=2026-07-01&to=2026-07-31`)).json();
    expect(drafts.meta.total).toBe(1);
    expect(drafts.data[0].payment_date).toBe('2026-07-31');
    expect((await s.clerk.api.get(`${LIST}?status=approved`)).json().meta.total).toBe(0);
    expect((await s.clerk.api.get(`${LIST}?status=nope`)).statusCode).toBe(422);
  });

  it('over what is open (or held by another batch) → 422 and nothing stored; another company → 404', async () => {
    const s = await setup();
    const over = await s.clerk.api.post(LIST, batchBody(s, [[s.docs.osaka1, 55_001]]));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['items.0.amount'][0]).toContain('未払額（55,000円）を超えています');
    expect((await ctx.db.select().from(paymentBatches)).filter((b) => b.company_id === s.clerk.company.id)).toEqual([]);
    await made(s, [[s.docs.kobe, 100_000]]);
    const held = await s.clerk.api.post(LIST, batchBody(s, [[s.docs.kobe, 20_000]]));
    expect(held.statusCode).toBe(422);
    expect(held.json().errors['items.0.amount'][0]).toContain('他の振込データに含まれていない額（10,000円）');
    const dup = await s.clerk.api.post(
      LIST,
      batchBody(s, [
        [s.docs.osaka1, 1],
        [s.docs.osaka1, 2],
      ]),
    );
    expect(dup.statusCode).toBe(422);
    const empty = await s.clerk.api.post(LIST, { ...batchBody(s, []), items: [] });
    expect(empty.json().errors.items[0]).toBe('支払う書類を1件以上選んでください');

    const other = await companyOwner(ctx);
    const theirs = await other.api.post(LIST, batchBody(s, [[s.docs.osaka1, 1_000]]));
    // their bank account is not ours (422) — with our own account, our documents are not theirs (404)
    expect(theirs.statusCode).toBe(422);
    const otherBank = await other.api.post('/api/company/bank-accounts', {
      bank_code: '0001',
      bank_name: 'みずほ銀行',
      branch_code: '001',
      branch_name: '本店',
      account_type: '普通',
      account_number: '7654321',
      account_holder: 'カ）ホカ',
    });
    expect(otherBank.statusCode, otherBank.body).toBe(201);
    const notOurs = await other.api.post(LIST, {
      ...batchBody(s, [[s.docs.osaka1, 1_000]]),
      bank_account_id: otherBank.json().data.id,
    });
    expect(notOurs.statusCode).toBe(404);
    const mine = await made(s, [[s.docs.osaka1, 1_000]]);
    expect((await other.api.get(`${LIST}/${mine.id}`)).statusCode).toBe(404);
    expect((await other.api.delete(`${LIST}/${mine.id}`)).statusCode).toBe(404);
    expect((await other.api.get(`${LIST}/${mine.id}/zengin`)).statusCode).toBe(404);
    expect((await other.api.post(`${LIST}/${mine.id}/confirm`)).statusCode).toBe(404);
  });

  it('a locked period → 422; a stale edit → 409; edits and deletes of a draft are audited', async () => {
    const s = await setup();
    const lock = await s.clerk.api.post('/api/company/period-locks', { kind: 'month', date: '2026-06-01' });
    expect(lock.statusCode, lock.body).toBe(201);
    const locked = await s.clerk.api.post(LIST, batchBody(s, [[s.docs.osaka1, 1_000]]));
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.payment_date[0]).toContain('締められた月');
    const b = await made(s, [[s.docs.later, 1_000]], '2026-07-31');
    const ok = await s.clerk.api.put(`${LIST}/${b.id}`, {
      ...batchBody(s, [[s.docs.later, 2_000]], '2026-07-31'),
      updated_at: b.updated_at,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.total).toBe(2_000);
    const stale = await s.clerk.api.put(`${LIST}/${b.id}`, {
      ...batchBody(s, [[s.docs.later, 3_000]], '2026-07-31'),
      updated_at: b.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect((await s.clerk.api.delete(`${LIST}/${b.id}`)).statusCode).toBe(204);
    expect((await s.clerk.api.get(`${LIST}/${b.id}`)).statusCode).toBe(404);
    const audit = (await s.clerk.api.get('/api/company/audit-logs?per_page=50')).json().data as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['payment_batch.create', 'payment_batch.update', 'payment_batch.delete']),
    );
  });
});

describe('payment batches: approval, file, payment', () => {
  it('the creator cannot approve; a clerk without the permission is refused; approved is locked', async () => {
    const s = await setup();
    const b = await made(s, [[s.docs.osaka1, 55_000]]);
    // the clerk has no payment-batches.approve
    expect((await s.clerk.api.post(`${LIST}/${b.id}/approve`)).statusCode).toBe(403);
    // an approver who made the batch is refused
    const own = await s.approver.post(LIST, batchBody(s, [[s.docs.kobe, 1_000]]));
    const self = await s.approver.post(`${LIST}/${own.json().data.id}/approve`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('振込データを作成した人は承認できません。別の承認者が承認してください');
    expect((await s.clerk.api.get(`${LIST}/${b.id}/zengin`)).statusCode).toBe(422);
    const stale = await s.approver.post(`${LIST}/${b.id}/approve`, { updated_at: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    const ok = await s.approver.post(`${LIST}/${b.id}/approve`, { updated_at: b.updated_at });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', approved_by_name: expect.any(String) });
    expect((await s.approver.post(`${LIST}/${b.id}/approve`)).statusCode).toBe(422);
    const put = await s.clerk.api.put(`${LIST}/${b.id}`, {
      ...batchBody(s, [[s.docs.osaka1, 1]]),
      updated_at: ok.json().data.updated_at,
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().message).toBe('承認済みの振込データは変更・削除できません');
    expect((await s.clerk.api.delete(`${LIST}/${b.id}`)).statusCode).toBe(422);
  });

  it('confirm without a statement: one payment per supplier (買掛金 / 普通預金), documents 支払済, once', async () => {
    const s = await setup();
    const b = await made(s, [
      [s.docs.osaka1, 55_000],
      [s.docs.osaka2, 22_000],
      [s.docs.kobe, 10_000],
    ]);
    expect((await s.clerk.api.post(`${LIST}/${b.id}/confirm`)).statusCode).toBe(422);
    await s.approver.post(`${LIST}/${b.id}/approve`);
    const res = await s.clerk.api.post(`${LIST}/${b.id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json().data;
    expect(paid.status).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    expect(new Set(paid.items.map((i: { payment_id: number }) => i.payment_id)).size).toBe(2);
    expect(await docStatus(s.clerk.api, s.docs.osaka1)).toBe(1);
    expect(await docStatus(s.clerk.api, s.docs.osaka2)).toBe(1);
    expect(await docStatus(s.clerk.api, s.docs.kobe)).toBe(0);
    const payment = (await s.clerk.api.get(`/api/payments/${paid.items[0].payment_id}`)).json().data;
    expect(payment).toMatchObject({ direction: 'out', amount: 77_000, date: '2026-06-30', bank_account_id: s.bankId });
    const entry = (await s.clerk.api.get(`/api/accountings/${payment.journal_entry_id}`)).json().data;
    expect(
      entry.lines.map((l: { account_id: number; debit: number; credit: number }) => [l.account_id, l.debit, l.credit]),
    ).toEqual([
      [s.code('2120'), 77_000, 0],
      [s.code('1120'), 0, 77_000],
    ]);
    const again = await s.clerk.api.post(`${LIST}/${b.id}/confirm`);
    expect(again.statusCode).toBe(422);
    expect((await s.clerk.api.get('/api/payments?direction=out')).json().meta.total).toBe(2);
  });

  it('the bank statement: the 出金 row of the date and amount matches the transfer; revert reopens', async () => {
    const s = await setup();
    const b = await made(s, [
      [s.docs.osaka1, 55_000],
      [s.docs.osaka2, 22_000],
    ]);
    await s.approver.post(`${LIST}/${b.id}/approve`);
    const { imp, rows } = await importStatement(s, [
      { date: '2026-06-30', direction: 'out', amount: 77_000, description: 'ﾌﾘｺﾐ ｵｵｻｶﾌﾞﾂｻﾝ(ｶ' },
    ]);
    const [row] = rows;
    expect(row.suggestion).toMatchObject({ kind: 'match', customer_id: s.osaka.id, score: 100 });
    expect(row.suggestion.reasons[0]).toBe(
      `振込データ No.${b.id}（支払日 6/30）の「大阪物産株式会社」への振込 77,000円 と一致`,
    );
    const conf = await s.clerk.api.post(`/api/bank-statements/${imp.id}/confirm`, { rows: [{ id: row.id }] });
    expect(conf.statusCode, conf.body).toBe(200);
    expect(conf.json().data.failed).toEqual([]);
    const paid = (await s.clerk.api.get(`${LIST}/${b.id}`)).json().data;
    expect(paid.status).toBe('paid');
    expect(await docStatus(s.clerk.api, s.docs.osaka1)).toBe(1);
    const payments = (await s.clerk.api.get('/api/payments?direction=out')).json().data;
    expect(payments).toHaveLength(1);
    expect(payments[0].bank_statement_row_id).toBe(row.id);

    const rev = await s.clerk.api.post(`/api/bank-statements/${imp.id}/revert`);
    expect(rev.statusCode, rev.body).toBe(200);
    const reopened = (await s.clerk.api.get(`${LIST}/${b.id}`)).json().data;
    expect(reopened.status).toBe('approved');
    expect(reopened.items.every((i: { payment_id: number | null }) => i.payment_id === null)).toBe(true);
    expect(await docStatus(s.clerk.api, s.docs.osaka1)).toBe(0);
    const audit = (await s.clerk.api.get('/api/company/audit-logs?per_page=50')).json().data as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['payment_batch.approve', 'payment_batch.confirm', 'payment_batch.reopen']),
    );
    // the items are still there and the batch can be paid by hand now
    expect((await ctx.db.select().from(paymentBatchItems).where(eq(paymentBatchItems.batch_id, b.id))).length).toBe(2);
    expect((await s.clerk.api.post(`${LIST}/${b.id}/confirm`)).statusCode).toBe(200);
  });
});

describe('payment batches: the 全銀 file', () => {
  const fees = {
    same_branch_under: 0,
    same_branch_over: 0,
    same_bank_under: 110,
    same_bank_over: 220,
    other_bank_under: 440,
    other_bank_over: 660,
  };

  /** The paying account's transfer settings and the suppliers' 振込先 (大阪: 先方負担 at another bank). */
  async function withBanks(s: Setup) {
    const url = `/api/company/bank-accounts/${s.bankId}/transfer-settings`;
    const current = (await s.clerk.api.get(url)).json().data;
    const put = await s.clerk.api.put(url, {
      requester_code: '0123456789',
      requester_name_kana: 'カブシキガイシャサンプル',
      fees,
      updated_at: current.updated_at,
    });
    expect(put.statusCode, put.body).toBe(200);
    const account = (c: { id: number; updated_at: string }, body: Record<string, unknown>) =>
      s.clerk.api.put(`/api/company/customer/${c.id}`, { ...c, bank_account: body, updated_at: c.updated_at });
    const osaka = await account(s.osaka, {
      bank_code: '0001',
      branch_code: '100',
      account_type: 1,
      account_number: '1111111',
      holder_kana: 'オオサカブッサン（カ',
      fee_bearer: 'theirs',
    });
    expect(osaka.statusCode, osaka.body).toBe(200);
    const kobe = await account(s.kobe, {
      bank_code: '0005',
      branch_code: '001',
      account_type: 2,
      account_number: '2222222',
      holder_kana: 'コウベコウギョウ（カ',
      fee_bearer: 'ours',
    });
    expect(kobe.statusCode, kobe.body).toBe(200);
  }

  it('an approved batch downloads as Shift_JIS 120-byte records; a second download says so; no payments made', async () => {
    const s = await setup();
    await withBanks(s);
    const b = await made(s, [
      [s.docs.osaka1, 55_000],
      [s.docs.osaka2, 22_000],
      [s.docs.kobe, 110_000],
    ]);
    // 大阪 bears 660円 (another bank, 77,000円): transferred 76,340円; 神戸 is our own branch (0円, ours)
    expect(
      b.transfers.map((t: { amount: number; fee: number; fee_bearer: string }) => [t.amount, t.fee, t.fee_bearer]),
    ).toEqual([
      [76_340, 660, 'them'],
      [110_000, 0, 'us'],
    ]);
    expect(b.transfer_total).toBe(186_340);
    expect((await s.clerk.api.get(`${LIST}/${b.id}/zengin`)).statusCode).toBe(422);
    await s.approver.post(`${LIST}/${b.id}/approve`);
    const res = await s.clerk.api.get(`${LIST}/${b.id}/zengin`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=Shift_JIS');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('総合振込_20260630.txt'));
    expect(res.headers['x-zengin-already-exported']).toBe('false');
    const bytes = res.rawPayload;
    expect(bytes.length).toBe(5 * 122);
    for (let i = 0; i < 5; i++) expect([bytes[i * 122 + 120], bytes[i * 122 + 121]]).toEqual([0x0d, 0x0a]);
    const text = bytes.toString('latin1');
    expect(text.slice(0, 4)).toBe('1210');
    expect(text.slice(4, 14)).toBe('0123456789');
    expect(text.slice(54, 58)).toBe('0630');
    // data records: the bank codes and amounts at their places; the trailer's count and total
    const rec = (i: number) => text.slice(i * 122, i * 122 + 120);
    expect(rec(1).slice(1, 5)).toBe('0001');
    expect(rec(1).slice(80, 90)).toBe('0000076340');
    expect(rec(2).slice(80, 90)).toBe('0000110000');
    expect(rec(3).slice(0, 19)).toBe('8000002000000186340');
    expect(rec(4)).toBe(`9${' '.repeat(119)}`);
    expect((await s.clerk.api.get(`${LIST}/${b.id}`)).json().data).toMatchObject({
      status: 'exported',
      export_count: 1,
    });

    const again = await s.clerk.api.get(`${LIST}/${b.id}/zengin`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-zengin-already-exported']).toBe('true');
    expect(again.rawPayload.equals(bytes)).toBe(true);
    expect((await s.clerk.api.get('/api/payments?direction=out')).json().meta.total).toBe(0);

    // paid by hand: 先方負担 settles the documents in full, not our expense (買掛金 77,000 / 普通預金 77,000)
    const paid = (await s.clerk.api.post(`${LIST}/${b.id}/confirm`)).json().data;
    const p = (await s.clerk.api.get(`/api/payments/${paid.items[0].payment_id}`)).json().data;
    expect(p).toMatchObject({ amount: 76_340, fee: 660, fee_bearer: 'them', settled: 77_000 });
    expect(await docStatus(s.clerk.api, s.docs.osaka2)).toBe(1);
    const entry = (await s.clerk.api.get(`/api/accountings/${p.journal_entry_id}`)).json().data;
    expect(
      entry.lines.map((l: { account_id: number; debit: number; credit: number }) => [l.account_id, l.debit, l.credit]),
    ).toEqual([
      [s.code('2120'), 77_000, 0],
      [s.code('1120'), 0, 77_000],
    ]);
  });

  it('the statement: each row of a transfer with a fee books exactly the row (fee with it, or in its own row)', async () => {
    const s = await setup();
    await withBanks(s);
    // 神戸 at another branch of our bank: 当方負担 220円
    await ctx.db.execute(sql`update customers set bank_branch_code = '002' where id = ${s.kobe.id}`);
    const b = await made(s, [
      [s.docs.osaka1, 55_000],
      [s.docs.osaka2, 22_000],
      [s.docs.kobe, 110_000],
    ]);
    expect(b.transfers.map((t: { amount: number; fee: number }) => [t.amount, t.fee])).toEqual([
      [76_340, 660],
      [110_000, 220],
    ]);
    await s.approver.post(`${LIST}/${b.id}/approve`);
    // 大阪: the transfer alone is not what left the account (the bank charged us the fee too)
    const { imp, rows } = await importStatement(s, [
      { date: '2026-06-30', direction: 'out', amount: 76_340, description: 'ﾌﾘｺﾐ ｵｵｻｶ ﾃｽｳﾘﾖｳﾇｷ' },
      { date: '2026-06-30', direction: 'out', amount: 77_000, description: 'ﾌﾘｺﾐ ｵｵｻｶ' },
      { date: '2026-06-30', direction: 'out', amount: 110_000, description: 'ﾌﾘｺﾐ ｺｳﾍﾞ' },
    ]);
    const by = (d: string) => rows.find((r: { description: string }) => r.description === d);
    expect(by('ﾌﾘｺﾐ ｵｵｻｶ ﾃｽｳﾘﾖｳﾇｷ').suggestion?.kind).not.toBe('match');
    expect(by('ﾌﾘｺﾐ ｵｵｻｶ').suggestion).toMatchObject({ kind: 'match', customer_id: s.osaka.id });
    expect(by('ﾌﾘｺﾐ ｺｳﾍﾞ').suggestion).toMatchObject({ kind: 'match', customer_id: s.kobe.id });
    const conf = await s.clerk.api.post(`/api/bank-statements/${imp.id}/confirm`, {
      rows: [{ id: by('ﾌﾘｺﾐ ｵｵｻｶ').id }, { id: by('ﾌﾘｺﾐ ｺｳﾍﾞ').id }],
    });
    expect(conf.statusCode, conf.body).toBe(200);
    expect(conf.json().data.failed).toEqual([]);
    const paid = (await s.clerk.api.get(`${LIST}/${b.id}`)).json().data;
    expect(paid.status).toBe('paid');
    const bankCredit = async (paymentId: number) => {
      const p = (await s.clerk.api.get(`/api/payments/${paymentId}`)).json().data;
      const entry = (await s.clerk.api.get(`/api/accountings/${p.journal_entry_id}`)).json().data;
      return entry.lines
        .filter((l: { account_id: number }) => l.account_id === s.code('1120'))
        .reduce((sum: number, l: { credit: number }) => sum + l.credit, 0);
    };
    const transfer = (id: number) => paid.transfers.find((t: { customer_id: number }) => t.customer_id === id);
    // 先方負担: 買掛金 77,000 / 普通預金 77,000 (the row); 当方負担 with its fee in a row of its own: 110,000
    expect(await bankCredit(transfer(s.osaka.id).payment_id)).toBe(77_000);
    expect(await bankCredit(transfer(s.kobe.id).payment_id)).toBe(110_000);
    expect(await docStatus(s.clerk.api, s.docs.kobe)).toBe(1);
    expect(await docStatus(s.clerk.api, s.docs.osaka2)).toBe(1);
  });

  it('a name the banks cannot take → 422 naming the supplier and the character', async () => {
    const s = await setup();
    await withBanks(s);
    await ctx.db.execute(sql`update customers set bank_holder_kana = 'ｵｵｻｶ☆' where id = ${s.osaka.id}`);
    const b = await made(s, [[s.docs.osaka1, 55_000]]);
    await s.approver.post(`${LIST}/${b.id}/approve`);
    const res = await s.clerk.api.get(`${LIST}/${b.id}/zengin`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('取引先「大阪物産株式会社」');
    expect(res.json().message).toContain('「☆」');
    expect((await s.clerk.api.get(`${LIST}/${b.id}`)).json().data.status).toBe('approved');
  });
});
