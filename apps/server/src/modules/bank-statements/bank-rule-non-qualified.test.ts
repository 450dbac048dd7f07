import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BankSuggestion } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalLines, registryImports } from '../../db/schema/index.js';
import { accountCodes, newBankAccount, newCustomer } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { registryFileOf } from '../registry/registry-files.js';
import { runRegistryImport } from '../registry/registry-import.js';

/**
 * A bank rule's 課税仕入 for a supplier that is not a 適格請求書発行事業者 on the row's date is suggested (and
 * confirmed) as the 経過措置 税区分 (purchase_nq_*), the reason shown; a registered supplier keeps full credit.
 */
const ctx = useTestApp();
const zengin = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'zengin.txt'));
const REGISTERED = 'T7000012050002';
const CANCELLED = 'T4011001098993';

describe('bank rules and suppliers without a valid 登録番号', () => {
  it('suggests 適格請求書なし（経過措置） with the reason, confirms it so, and keeps a registered supplier at full credit', async () => {
    const o = await companyOwner(ctx);
    const code = await accountCodes(o.api);
    const bankId = await newBankAccount(o.api, code('1120'));
    const landlord = await newCustomer(o.api, {
      name: '第一不動産',
      name_kana: 'ダイイチフドウサン',
      honorific: '御中',
      used_for: 2,
    });
    const rule = await o.api.post('/api/company/bank-rules', {
      name: '家賃',
      description_regex: 'ﾔﾁﾝ|ヤチン',
      direction: 'out',
      account_id: code('6200'),
      tax_category: 'purchase_10',
      customer_id: landlord.id,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const form = multipartForm({ bank_account_id: bankId }, { name: 'zengin.txt', bytes: zengin });
    const imp = await ctx.app.inject({
      method: 'POST',
      url: '/api/bank-statements',
      payload: form.body,
      headers: { ...form.headers, authorization: `Bearer ${o.token}` },
    });
    expect(imp.statusCode, imp.body).toBe(201);
    const importId = imp.json().data.id;
    const rentRow = async () =>
      (
        (await o.api.get(`/api/bank-statements/${importId}`)).json().data.rows as {
          id: number;
          date: string;
          suggestion: BankSuggestion;
        }[]
      ).find((r) => r.suggestion?.kind === 'rule') as { id: number; date: string; suggestion: BankSuggestion };

    // no 登録番号: 経過措置 80% (the row is dated 2026-04-10)
    let rent = await rentRow();
    expect(rent.date).toBe('2026-04-10');
    expect(rent.suggestion.tax_category).toBe('purchase_nq_10');
    expect(rent.suggestion.reasons).toContain(
      '取引先「第一不動産」に登録番号がないため、適格請求書なし（経過措置 80%控除）としました',
    );

    // a 登録番号 the registry holds as valid: full credit
    const put = async (registration_number: string) => {
      const current = (await o.api.get(`/api/company/customer/${landlord.id}`)).json().data;
      const res = await o.api.put(`/api/company/customer/${landlord.id}`, {
        ...current,
        registration_number,
        updated_at: current.updated_at,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const bytes = registryFileOf([
      { registration_number: REGISTERED, name: '第一不動産', registered_on: '2023-10-01' },
      {
        registration_number: CANCELLED,
        name: '第一不動産',
        registered_on: '2023-10-01',
        cancelled_on: '2025-01-01',
        process_kind: '04',
      },
    ]);
    const [{ id }] = await ctx.db
      .insert(registryImports)
      .values({ kind: 'full', file_name: 'zenken.csv', file_size: bytes.length, sha256: '' })
      .returning({ id: registryImports.id });
    expect((await runRegistryImport(ctx.app.deps, id, bytes))?.status).toBe('imported');
    await put(REGISTERED);
    rent = await rentRow();
    expect(rent.suggestion.tax_category).toBe('purchase_10');
    expect(rent.suggestion.reasons).toEqual(['ルール「家賃」の条件に一致']);

    // a number the registry shows cancelled before the row's date: 経過措置, and the confirmed line says so
    await put(CANCELLED);
    rent = await rentRow();
    expect(rent.suggestion.tax_category).toBe('purchase_nq_10');
    expect(rent.suggestion.reasons[1]).toBe(
      `取引先「第一不動産」（${CANCELLED}）は2026-04-10に登録が取り消されているため、適格請求書なし（経過措置 80%控除）としました`,
    );
    const confirmed = await o.api.post(`/api/bank-statements/${importId}/confirm`, { rows: [{ id: rent.id }] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const lines = await ctx.db
      .select({ tax_category: journalLines.tax_category })
      .from(journalLines)
      .where(
        and(
          eq(journalLines.entry_id, confirmed.json().data.confirmed[0].journal_entry_id),
          eq(journalLines.account_id, code('6200')),
        ),
      );
    expect(lines.map((l) => l.tax_category)).toEqual(['purchase_nq_10']);
  });
});
