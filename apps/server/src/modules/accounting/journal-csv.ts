/**
 * 仕訳CSV: one row per journal line; rows sharing a 伝票番号 form one entry. The export and the import use
 * the same columns, so an exported file imports back. Import is all-or-nothing: any bad row → nothing
 * is written and every problem is listed by row number in Japanese.
 */
import {
  fieldErrors,
  JOURNAL_TAX_CATEGORIES,
  type JournalEntryValues,
  type JournalListQuery,
  type JournalTaxCategory,
  journalEntryInput,
} from '@chobo/core';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { journalEntries } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { csvLine, csvWriter, decodeCsv, parseCsv } from '../../lib/csv.js';
import { HttpError } from '../../lib/http-errors.js';
import { loadAccounts } from './accounts.queries.js';
import { companyYearEndMonth } from './balances.js';
import { fiscalYearRefusal, yearSpans } from './fiscal-year-check.js';
import { lineFilter, loadEntries } from './journal.queries.js';
import { postEntry, withDbRefusals } from './posting.js';

export const JOURNAL_CSV_HEADERS = [
  '伝票番号',
  '日付',
  '摘要',
  '勘定科目コード',
  '勘定科目',
  '借方金額',
  '貸方金額',
  '税区分',
  '行メモ',
];
export const MAX_IMPORT_ROWS = 20_000;

/** CSV (UTF-8 with BOM) of the entries matching the list filters, in date order. */
export async function exportJournalCsv(tenant: Tenant, q: JournalListQuery): Promise<Buffer> {
  const { db, companyId } = tenant;
  const w = csvWriter('utf8');
  const parts: Buffer[] = [w.bom, w.encode(csvLine(JOURNAL_CSV_HEADERS, w.eol))];
  const where = and(
    eq(journalEntries.company_id, companyId),
    q.from ? gte(journalEntries.date, q.from) : undefined,
    q.to ? lte(journalEntries.date, q.to) : undefined,
    lineFilter(q),
  );
  for (let offset = 0; ; offset += 1000) {
    const rows = await db
      .select()
      .from(journalEntries)
      .where(where)
      .orderBy(asc(journalEntries.date), asc(journalEntries.number))
      .limit(1000)
      .offset(offset);
    if (rows.length === 0) break;
    let text = '';
    for (const e of await loadEntries(tenant, rows)) {
      for (const l of e.lines) {
        text += csvLine(
          [
            e.number,
            e.date,
            e.description,
            l.account_code,
            l.account_name,
            l.debit || '',
            l.credit || '',
            JOURNAL_TAX_CATEGORIES[l.tax_category],
            l.memo,
          ],
          w.eol,
        );
      }
    }
    parts.push(w.encode(text));
    if (rows.length < 1000) break;
  }
  return Buffer.concat(parts);
}

const TAX_BY_LABEL = new Map<string, JournalTaxCategory>(
  Object.entries(JOURNAL_TAX_CATEGORIES).flatMap(([k, label]) => [
    [k, k as JournalTaxCategory],
    [label, k as JournalTaxCategory],
  ]),
);

interface Parsed {
  entries: { rows: number[]; values: JournalEntryValues }[];
  errors: Record<string, string[]>;
  encoding: string;
}

/** Parses and validates the whole file (accounts by code or name, the contract on every entry). */
export async function parseJournalCsv(tenant: Tenant, buf: Buffer): Promise<Parsed> {
  const { text, encoding } = decodeCsv(buf);
  const rows = parseCsv(text).filter((r) => r.some((c) => c.trim() !== ''));
  const errors: Record<string, string[]> = {};
  const add = (row: number, msg: string) => {
    const key = `rows.${row}`;
    errors[key] = [...(errors[key] ?? []), `${row}行目: ${msg}`];
  };
  if (rows.length === 0) return { entries: [], errors: { file: ['CSVにデータがありません'] }, encoding };
  const header = rows[0].map((h) => h.trim());
  const col = (name: string) => header.indexOf(name);
  const missing = ['伝票番号', '日付', '摘要', '借方金額', '貸方金額'].filter((h) => col(h) < 0);
  if (missing.length || (col('勘定科目コード') < 0 && col('勘定科目') < 0)) {
    return {
      entries: [],
      errors: { file: [`見出し行に必要な列がありません（${JOURNAL_CSV_HEADERS.join('、')}）`] },
      encoding,
    };
  }
  if (rows.length - 1 > MAX_IMPORT_ROWS) {
    return {
      entries: [],
      errors: { file: [`一度に取り込めるのは${MAX_IMPORT_ROWS.toLocaleString('en-US')}行までです`] },
      encoding,
    };
  }
  const accounts = await loadAccounts(tenant);
  const byCode = new Map(accounts.map((a) => [a.code, a]));
  const byName = new Map(accounts.map((a) => [a.name, a]));
  const groups = new Map<
    string,
    { rows: number[]; date: string; description: string; lines: Record<string, unknown>[] }
  >();
  for (const [i, r] of rows.slice(1).entries()) {
    const rowNo = i + 2;
    const cell = (name: string) => (col(name) >= 0 ? (r[col(name)] ?? '').trim() : '');
    const key = cell('伝票番号');
    if (!key) {
      add(rowNo, '伝票番号がありません');
      continue;
    }
    const code = cell('勘定科目コード');
    const name = cell('勘定科目');
    const account = code ? byCode.get(code) : byName.get(name);
    if (!account) add(rowNo, `勘定科目「${code || name}」が見つかりません`);
    else if (!account.is_active) add(rowNo, `勘定科目「${account.name}」は無効です`);
    const taxText = cell('税区分');
    const tax = taxText ? TAX_BY_LABEL.get(taxText) : 'none';
    if (!tax) add(rowNo, `税区分「${taxText}」は使えません`);
    const g = groups.get(key) ?? {
      rows: [],
      date: cell('日付').replace(/\//g, '-'),
      description: cell('摘要'),
      lines: [],
    };
    if (g.rows.length && g.date !== cell('日付').replace(/\//g, '-'))
      add(rowNo, `伝票番号「${key}」の中で日付が異なります`);
    g.rows.push(rowNo);
    g.lines.push({
      account_id: account?.id ?? 0,
      debit: cell('借方金額'),
      credit: cell('貸方金額'),
      tax_category: tax ?? 'none',
      memo: cell('行メモ'),
    });
    groups.set(key, g);
  }
  const entries: Parsed['entries'] = [];
  const years = await yearSpans(tenant);
  const endMonth = years.length ? await companyYearEndMonth(tenant) : 3;
  for (const g of groups.values()) {
    const date = /^\d{4}-\d{1,2}-\d{1,2}$/.test(g.date) ? g.date.replace(/-(\d)(?=-|$)/g, '-0$1') : g.date;
    const parsed = journalEntryInput.safeParse({ date, description: g.description, lines: g.lines });
    if (!parsed.success) {
      for (const [field, msgs] of Object.entries(fieldErrors(parsed.error.issues))) {
        const m = /^lines\.(\d+)\./.exec(field);
        const rowNo = m ? g.rows[Number(m[1])] : g.rows[0];
        if (field.endsWith('account_id')) continue; // already reported by name
        for (const msg of msgs) add(rowNo, msg);
      }
    } else {
      // a date in no fiscal year: said per row already on the dry run (postEntry refuses it too)
      const refusal = fiscalYearRefusal(years, parsed.data.date, endMonth);
      if (refusal) add(g.rows[0], refusal.message);
      else entries.push({ rows: g.rows, values: parsed.data });
    }
  }
  return { entries, errors, encoding };
}

/** Imports the file, or (dry run) only validates it. Any error → 422 and nothing written. */
export async function importJournalCsv({
  ctx,
  input: { buffer, dryRun },
}: ActionArgs<CompanyCtx, { buffer: Buffer; dryRun: boolean }>) {
  const parsed = await parseJournalCsv(ctx, buffer);
  const count = Object.keys(parsed.errors).length;
  if (count) {
    const sorted = Object.fromEntries(
      Object.entries(parsed.errors).sort((a, b) => Number(a[0].slice(5)) - Number(b[0].slice(5))),
    );
    throw new HttpError(422, `CSVに${count}件の誤りがあるため、取り込みませんでした`, sorted);
  }
  const lines = parsed.entries.reduce((s, e) => s + e.values.lines.length, 0);
  if (dryRun) return { dry_run: true, entries: parsed.entries.length, lines, encoding: parsed.encoding };
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const e of parsed.entries) {
        try {
          ids.push((await postEntry({ ...ctx, db: tx }, e.values, { createdBy: ctx.actor.userId })).id);
        } catch (err) {
          if (err instanceof HttpError && err.statusCode === 422) {
            const msg = Object.values(err.errors ?? {}).flat()[0] ?? err.message;
            throw new HttpError(422, 'CSVに誤りがあるため、取り込みませんでした', {
              [`rows.${e.rows[0]}`]: [`${e.rows[0]}行目: ${msg}`],
            });
          }
          throw err;
        }
      }
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'journal.import',
        targetType: 'journal_entry',
        after: {
          entries: ids.length,
          lines,
          first_id: ids[0] ?? null,
          last_id: ids.at(-1) ?? null,
          encoding: parsed.encoding,
        },
      });
      return { dry_run: false, entries: ids.length, lines, encoding: parsed.encoding };
    }),
  );
}
