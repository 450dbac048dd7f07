// the test-only 全銀 reader (written from the format description, not from the writer)

import { transferFee, zenginTransferFile } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readZenginTransferFile } from '../../../../../packages/core/src/zengin/test/zengin-reader.js';
import { auditLogs, customers } from '../../db/schema/index.js';
import { countRows } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { loadTransferSettings, requesterOf } from './transfer-settings.js';

const ctx = useTestApp();
const URL = '/api/company/customer';

const supplier = { name: '株式会社ヤマダ商事', used_for: 2 };
const account = {
  bank_code: '0005',
  branch_code: '001',
  account_type: 1,
  account_number: '12345',
  holder_kana: 'かぶしきがいしゃ やまだしょうじ',
  fee_bearer: 'theirs',
};

describe("suppliers' bank accounts (customer bank_account)", () => {
  it('stores the account with the looked-up names and the holder in the banks’ kana; show and list answer it', async () => {
    const o = await companyOwner(ctx);
    const res = await o.api.post(URL, { ...supplier, bank_account: account });
    expect(res.statusCode).toBe(201);
    const expected = {
      bank_code: '0005',
      bank_name: '三菱ＵＦＪ',
      bank_name_kana: 'ミツビシユ－エフジエイ',
      branch_code: '001',
      branch_name: '本店',
      account_type: 1,
      account_number: '0012345',
      holder_kana: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ',
      fee_bearer: 'theirs',
    };
    expect(res.json().data.bank_account).toMatchObject(expected);
    const { id, updated_at } = res.json().data;
    expect((await o.api.get(`${URL}/${id}`)).json().data.bank_account).toMatchObject(expected);
    const list = await o.api.get(URL);
    expect(list.json()).toMatchObject({ data: [{ bank_account: expected }] });
    // left out of an update: kept; null: removed
    const kept = await o.api.put(`${URL}/${id}`, { ...supplier, memo: 'x', updated_at });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.bank_account).toMatchObject(expected);
    const removed = await o.api.put(`${URL}/${id}`, {
      ...supplier,
      bank_account: null,
      updated_at: kept.json().data.updated_at,
    });
    expect(removed.json().data.bank_account).toBeNull();
    expect((await o.api.get(URL)).json().data[0].bank_account).toBeNull();
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.create'), eq(auditLogs.target_id, String(id))));
    expect(logs[0]?.after).toMatchObject({ bank_account: { holder_kana: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' } });
  });

  it.each([
    [{ bank_code: '9999' }, 'bank_account.bank_code', '銀行コード 9999 の金融機関がありません'],
    [{ branch_code: '998' }, 'bank_account.branch_code', '三菱ＵＦＪに支店コード 998 の支店がありません'],
    [{ bank_code: '12' }, 'bank_account.bank_code', '銀行コードは4桁の数字で入力してください'],
    [{ account_type: 3 }, 'bank_account.account_type', '預金種目を選択してください'],
    [{ account_number: '12345678' }, 'bank_account.account_number', '口座番号は7桁の数字で入力してください'],
    [{ holder_kana: '山田商事' }, 'bank_account.holder_kana', '受取人名（口座名義）の「山」は振込に使えない文字です'],
    [
      { holder_kana: 'ア'.repeat(31) },
      'bank_account.holder_kana',
      '受取人名（口座名義）は半角30文字以内にしてください',
    ],
    [{ fee_bearer: 'us' }, 'bank_account.fee_bearer', '手数料の負担を選択してください'],
  ])('422 for %o and nothing stored', async (patch, field, message) => {
    const o = await companyOwner(ctx);
    const res = await o.api.post(URL, { ...supplier, bank_account: { ...account, ...patch } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(await countRows(ctx.db, customers, eq(customers.company_id, o.company.id))).toBe(0);
  });

  it('an update with an unknown branch is refused and changes nothing; a stale one is 409; another company 404', async () => {
    const o = await companyOwner(ctx);
    const { id, updated_at } = (await o.api.post(URL, { ...supplier, bank_account: account })).json().data;
    const bad = await o.api.put(`${URL}/${id}`, {
      ...supplier,
      bank_account: { ...account, branch_code: '998' },
      updated_at,
    });
    expect(bad.statusCode).toBe(422);
    const after = (await o.api.get(`${URL}/${id}`)).json().data;
    expect(after.updated_at).toBe(updated_at);
    expect(after.bank_account.branch_code).toBe('001');
    const ok = await o.api.put(`${URL}/${id}`, {
      ...supplier,
      bank_account: { ...account, branch_code: '002' },
      updated_at,
    });
    expect(ok.statusCode).toBe(200);
    const stale = await o.api.put(`${URL}/${id}`, { ...supplier, bank_account: account, updated_at });
    expect(stale.statusCode).toBe(409);
    const other = await companyOwner(ctx);
    const foreign = await other.api.put(`${URL}/${id}`, { ...supplier, bank_account: account, updated_at });
    expect(foreign.statusCode).toBe(404);
    expect((await o.api.get(`${URL}/${id}`)).json().data.bank_account.branch_code).toBe('002');
  });
});

describe('the 全銀 lookups', () => {
  it('finds banks by code prefix or name, and the branches of one bank', async () => {
    const o = await companyOwner(ctx);
    const byCode = await o.api.get('/api/zengin/banks?q=0005');
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().data[0]).toEqual({ code: '0005', name: '三菱ＵＦＪ', kana: 'ミツビシユ－エフジエイ' });
    const byName = (await o.api.get(`/api/zengin/banks?q=${encodeURIComponent('みずほ')}`)).json().data;
    expect(byName.map((b: { code: string }) => b.code)).toContain('0001');
    // half-width letters find the published full-width name
    const ufj = (await o.api.get('/api/zengin/banks?q=ufj')).json().data;
    expect(ufj.map((b: { code: string }) => b.code)).toContain('0005');
    const branches = (await o.api.get('/api/zengin/banks/0001/branches?q=100')).json().data;
    expect(branches[0]).toEqual({ code: '100', name: '本店', kana: 'ホンテン' });
    expect((await o.api.get('/api/zengin/banks/9999/branches')).statusCode).toBe(404);
    expect((await o.api.get('/api/zengin/banks/12/branches')).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/zengin/banks' })).statusCode).toBe(401);
  });
});

describe("the paying account's transfer settings", () => {
  async function bankAccount(o: Awaited<ReturnType<typeof companyOwner>>, patch: object = {}) {
    const res = await o.api.post('/api/company/bank-accounts', {
      bank_code: '0001',
      bank_name: 'みずほ銀行',
      branch_code: '100',
      branch_name: '本店',
      account_type: '普通',
      account_number: '7654321',
      account_holder: 'カ）チョウボ',
      create_account: true,
      ...patch,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; updated_at: string };
  }
  const fees = {
    same_branch_under: 0,
    same_branch_over: 110,
    same_bank_under: 110,
    same_bank_over: 330,
    other_bank_under: 440,
    other_bank_over: 660,
  };

  it('GET answers unset settings, PUT stores them (kana looked up) and audits; the file is written from them', async () => {
    const o = await companyOwner(ctx);
    const ba = await bankAccount(o);
    const url = `/api/company/bank-accounts/${ba.id}/transfer-settings`;
    const empty = (await o.api.get(url)).json().data;
    expect(empty).toMatchObject({ configured: false, requester_code: null, fees: null, account_type: 1 });
    const put = await o.api.put(url, {
      requester_code: '0123456789',
      requester_name_kana: '株式会社チョウボ',
      fees,
      updated_at: empty.updated_at,
    });
    expect(put.statusCode).toBe(200);
    const data = put.json().data;
    expect(data).toMatchObject({
      configured: true,
      requester_code: '0123456789',
      requester_name_kana: 'ｶ)ﾁﾖｳﾎﾞ',
      bank_code: '0001',
      bank_name_kana: 'ミズホ',
      branch_code: '100',
      branch_name_kana: 'ホンテン',
      account_number: '7654321',
      fees,
    });
    expect((await o.api.get(url)).json().data).toEqual(data);
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'bank_account.transfer_settings'), eq(auditLogs.target_id, String(ba.id))));
    expect(log?.after).toMatchObject({ requester_code: '0123456789' });

    // what a payment batch does with them: the requester of the file and the 先方負担 fee
    const settings = await loadTransferSettings({ db: ctx.db, companyId: o.company.id } as never, ba.id);
    const { requester, fees: table } = requesterOf(settings!);
    expect(transferFee(table, requester, { bank_code: '0001', branch_code: '100' }, 29_999)).toBe(0);
    expect(transferFee(table, requester, { bank_code: '0001', branch_code: '200' }, 30_000)).toBe(330);
    expect(transferFee(table, requester, { bank_code: '0005', branch_code: '001' }, 30_000)).toBe(660);
    const bytes = zenginTransferFile({
      kind: 21,
      requester,
      transfer_date: '2026-12-25',
      transfers: [
        {
          bank_code: '0005',
          bank_name_kana: 'ミツビシユ－エフジエイ',
          branch_code: '001',
          branch_name_kana: 'ホンテン',
          account_type: 1,
          account_number: '0012345',
          holder_kana: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ',
          amount: 50_000 - 660,
        },
      ],
    });
    // the header as Shift_JIS (iconv-lite encodes the same bytes from the text)
    const text = iconv.decode(Buffer.from(bytes), 'shift_jis');
    expect(Buffer.from(iconv.encode(text, 'shift_jis')).equals(Buffer.from(bytes))).toBe(true);
    const read = readZenginTransferFile(bytes);
    expect(read.header.requester_code?.raw).toBe('0123456789');
    expect(read.header.requester_name?.raw.trimEnd()).toBe('ｶ)ﾁﾖｳﾎﾞ');
    expect(read.header.bank_name?.raw.trimEnd()).toBe('ﾐｽﾞﾎ');
    expect(read.header.date_mmdd?.raw).toBe('1225');
    expect(read.trailer.total?.raw).toBe('000000049340');
  });

  it('422 for bad input and a bank account without 全銀 codes (nothing stored); 409 stale; 404 another company', async () => {
    const o = await companyOwner(ctx);
    const ba = await bankAccount(o);
    const url = `/api/company/bank-accounts/${ba.id}/transfer-settings`;
    const body = { requester_code: '0123456789', requester_name_kana: 'チョウボ', fees, updated_at: ba.updated_at };
    const bad = await o.api.put(url, { ...body, requester_code: '12', requester_name_kana: '帳簿' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.requester_code).toContain('振込依頼人コードは10桁の数字で入力してください');
    expect(bad.json().errors.requester_name_kana).toContain('振込依頼人名の「帳」は振込に使えない文字です');
    const badFee = await o.api.put(url, { ...body, fees: { ...fees, other_bank_over: -1 } });
    expect(badFee.statusCode).toBe(422);
    expect((await o.api.get(url)).json().data.requester_code).toBeNull();

    const unknown = await bankAccount(o, { bank_code: '9999' });
    const refused = await o.api.put(`/api/company/bank-accounts/${unknown.id}/transfer-settings`, {
      ...body,
      updated_at: unknown.updated_at,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.bank_code[0]).toContain('全銀の銀行コードにありません');

    expect((await o.api.put(url, body)).statusCode).toBe(200);
    expect((await o.api.put(url, body)).statusCode).toBe(409);
    const other = await companyOwner(ctx);
    expect((await other.api.get(url)).statusCode).toBe(404);
    expect((await other.api.put(url, body)).statusCode).toBe(404);
  });
});
