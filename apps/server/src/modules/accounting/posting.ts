import {
  type EntryKind,
  formatDateJa,
  type JournalEntry,
  type JournalEntryValues,
  type PostingLine,
  type RateTotal,
  splitEntryTax,
  TAXABLE_CATEGORIES,
  type TaxBook,
  todayInTokyo,
} from '@chobo/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  accounts,
  companies,
  customers,
  journalCounters,
  journalEntries,
  journalLines,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { HttpError, unprocessable } from '../../lib/http-errors.js';
import { seedDefaultAccounts } from './chart-of-accounts.js';
import { assertInFiscalYear } from './fiscal-year-check.js';
import { loadEntry, lockCovering } from './journal.queries.js';

/**
 * The building blocks every module posts to the books with (inside the caller's transaction, no audit):
 * postEntry / postEntries, withdrawEntry (delete in an open period, 逆仕訳 today in a locked one), assertOpen,
 * withDbRefusals, systemAccounts (the chart's system accounts a posting needs) and postDifference (an
 * invoice's amount billed beyond its sales). No module imports another feature's module to post.
 */

/** Turns the database's own refusals (locked period, unbalanced entry) into Japanese 422 answers. */
export async function withDbRefusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = e.cause?.code ?? e.code;
    const message = e.cause?.message ?? e.message ?? '';
    if (code === 'CB001') throw new HttpError(422, message, { date: [message] });
    if (code === '23514' && /[ぁ-んァ-ン一-龥]/.test(message)) throw new HttpError(422, message, { lines: [message] });
    throw err;
  }
}

/** 422 when `date` is inside a locked period. */
export async function assertOpen(tenant: Tenant, date: string, field = 'date') {
  const lock = await lockCovering(tenant, date);
  if (lock) {
    const what = lock.kind === 'year' ? '年度' : '月';
    throw unprocessable({
      [field]: [
        `${formatDateJa(date)}は締められた${what}（${formatDateJa(lock.start_date)}〜${formatDateJa(lock.end_date)}）に含まれるため登録・変更できません。訂正は逆仕訳で行ってください`,
      ],
    });
  }
}

/** Every line's account must be an ACTIVE account of this company; every customer one of its customers. */
export async function checkLines(tenant: Tenant, input: JournalEntryValues) {
  const { db, companyId } = tenant;
  const accountIds = [...new Set(input.lines.map((l) => l.account_id))];
  const customerIds = [...new Set(input.lines.map((l) => l.customer_id).filter((v): v is number => v !== null))];
  const accs = await db
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, is_active: accounts.is_active })
    .from(accounts)
    .where(and(eq(accounts.company_id, companyId), inArray(accounts.id, accountIds)));
  const custs = customerIds.length
    ? await db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(
          and(eq(customers.company_id, companyId), inArray(customers.id, customerIds), isNull(customers.deleted_at)),
        )
    : [];
  const accById = new Map(accs.map((a) => [a.id, a]));
  const custSet = new Set(custs.map((c) => c.id));
  const errors: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    const acc = accById.get(l.account_id);
    if (!acc) errors[`lines.${i}.account_id`] = ['勘定科目が見つかりません'];
    else if (!acc.is_active)
      errors[`lines.${i}.account_id`] = [`勘定科目「${acc.name}」は無効になっているため使用できません`];
    if (l.customer_id !== null && !custSet.has(l.customer_id))
      errors[`lines.${i}.customer_id`] = ['取引先が見つかりません'];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  return { accById, customerNames: new Map(custs.map((c) => [c.id, c.name])) };
}

/**
 * The company's next entry number, as an SQL expression for the entry's INSERT: the counter's upsert is a
 * data-modifying CTE of that same statement (one round trip for counter + entry).
 */
function withNextNumber(tenant: Tenant) {
  const { db, companyId } = tenant;
  return db.$with('next_number').as(
    db
      .insert(journalCounters)
      .values({ company_id: companyId, last_number: 1 })
      .onConflictDoUpdate({
        target: journalCounters.company_id,
        set: { last_number: sql`${journalCounters.last_number} + 1` },
      })
      .returning({ last_number: journalCounters.last_number }),
  );
}

export function lineRows(companyId: number, entryId: number, date: string, kind: EntryKind, input: JournalEntryValues) {
  return input.lines.map((l, i) => ({
    company_id: companyId,
    entry_id: entryId,
    line_no: i + 1,
    date,
    kind,
    account_id: l.account_id,
    debit: l.debit,
    credit: l.credit,
    tax_category: l.tax_category,
    customer_id: l.customer_id,
    memo: l.memo,
  }));
}

export const totalOf = (input: JournalEntryValues) => input.lines.reduce((s, l) => s + l.debit, 0);

/** What a module posts: lines may carry the gross amount of a taxable line and its known tax (PostingLine). */
export type PostingInput = Omit<JournalEntryValues, 'lines'> & { lines: PostingLine[] };

/** The company's 経理方式, rounding and its 仮払消費税等 / 仮受消費税等 accounts. */
export async function taxBook(tenant: Tenant): Promise<TaxBook> {
  const { db, companyId } = tenant;
  const taxAccount = (key: string) =>
    sql<
      number | null
    >`(select ${accounts.id} from ${accounts} where ${accounts.company_id} = ${companyId} and ${accounts.system_key} = ${key} limit 1)`;
  const [row] = await db
    .select({
      method: companies.accounting_method,
      rounding: companies.tax_rounding,
      prepaidId: taxAccount('prepaid_consumption_tax'),
      receivedId: taxAccount('received_consumption_tax'),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return {
    method: (row?.method ?? 'exclusive') as TaxBook['method'],
    rounding: (row?.rounding ?? 'floor') as TaxBook['rounding'],
    prepaidId: row?.prepaidId ?? null,
    receivedId: row?.receivedId ?? null,
  };
}

/**
 * The entry as the books keep it: under 税抜経理 every taxable line split into net + 仮払/仮受消費税等 by core's
 * splitEntryTax (THE split of every path; 税込経理: gross). Idempotent: an entry that carries its tax lines
 * is returned as it is, so a caller may split first (to answer with the lines) and post after.
 */
export async function booksEntry(tenant: Tenant, input: PostingInput): Promise<JournalEntryValues> {
  const taxable = input.lines.some((l) => TAXABLE_CATEGORIES[l.tax_category]);
  const book: TaxBook = taxable
    ? await taxBook(tenant)
    : { method: 'inclusive', rounding: 'floor', prepaidId: null, receivedId: null };
  return { date: input.date, description: input.description, lines: splitEntryTax(input.lines, book, input.date) };
}

/**
 * Posts an entry inside an open transaction (no audit): the building block of create, reverse, opening
 * balances, year-end close, imports and every module's postings. The caller has validated `input` with the
 * contract. Every entry but a 期首残高 must be dated inside one of the company's fiscal years (422 naming
 * them, `dateField` the field of the caller's form); an ordinary entry's taxable lines are split under
 * 税抜経理 (booksEntry).
 */
export async function postEntry(
  tenant: Tenant,
  given: PostingInput,
  opts: {
    kind?: EntryKind;
    reversalOfId?: number;
    createdBy?: number | null;
    skipChecks?: boolean;
    /** The record that made this entry (e.g. { type: 'invoice', id }), so the entry links back to it. */
    source?: { type: string; id: number };
    /** The caller's date field, for the 422 of a date outside every fiscal year (default 'date'). */
    dateField?: string;
    /** The caller already split the entry with booksEntry. */
    split?: boolean;
  } = {},
) {
  const { db: tx, companyId } = tenant;
  const kind = opts.kind ?? 'normal';
  if (kind !== 'opening') await assertInFiscalYear({ ...tenant, db: tx }, given.date, opts.dateField);
  const input =
    kind === 'normal' && !opts.split
      ? await booksEntry({ ...tenant, db: tx }, given)
      : { ...given, lines: given.lines.map(({ tax: _t, taxMemo: _m, ...l }) => l) };
  if (!opts.skipChecks) {
    await assertOpen({ ...tenant, db: tx }, input.date);
    await checkLines({ ...tenant, db: tx }, input);
  }
  const next = withNextNumber({ ...tenant, db: tx });
  const [entry] = await tx
    .with(next)
    .insert(journalEntries)
    .values({
      company_id: companyId,
      number: sql`(select last_number from ${next})`,
      date: input.date,
      description: input.description,
      kind,
      reversal_of_id: opts.reversalOfId ?? null,
      total: totalOf(input),
      created_by: opts.createdBy ?? null,
      source_type: opts.source?.type ?? null,
      source_id: opts.source?.id ?? null,
    })
    .returning();
  // every line in one INSERT; their ids come back in line order
  const lines = await tx
    .insert(journalLines)
    .values(lineRows(companyId, entry.id, input.date, kind, input))
    .returning({ id: journalLines.id, line_no: journalLines.line_no });
  lines.sort((a, b) => a.line_no - b.line_no);
  return Object.assign(entry, { lineIds: lines.map((l) => l.id), lines: input.lines });
}

/**
 * Several ordinary entries (kind normal, no source, no checks: the caller's own generated books, e.g. the demo
 * seed) in three statements: the numbers reserved at once, the entries in one INSERT, all their lines in
 * another. Numbered and stored in the order given, exactly as that many postEntry calls would.
 */
export async function postEntries(
  tenant: Tenant,
  inputs: JournalEntryValues[],
  opts: { createdBy?: number | null } = {},
) {
  if (inputs.length === 0) return;
  const { db: tx, companyId } = tenant;
  for (const date of new Set(inputs.map((i) => i.date))) await assertInFiscalYear(tenant, date);
  const [counter] = await tx
    .insert(journalCounters)
    .values({ company_id: companyId, last_number: inputs.length })
    .onConflictDoUpdate({
      target: journalCounters.company_id,
      set: { last_number: sql`${journalCounters.last_number} + ${inputs.length}` },
    })
    .returning({ last_number: journalCounters.last_number });
  const first = counter.last_number - inputs.length + 1;
  const entries = await tx
    .insert(journalEntries)
    .values(
      inputs.map((input, i) => ({
        company_id: companyId,
        number: first + i,
        date: input.date,
        description: input.description,
        kind: 'normal' as const,
        reversal_of_id: null,
        total: totalOf(input),
        created_by: opts.createdBy ?? null,
        source_type: null,
        source_id: null,
      })),
    )
    .returning({ id: journalEntries.id, number: journalEntries.number });
  const idOf = new Map(entries.map((e) => [e.number, e.id]));
  await tx
    .insert(journalLines)
    .values(
      inputs.flatMap((input, i) => lineRows(companyId, idOf.get(first + i) as number, input.date, 'normal', input)),
    );
}

/** The 逆仕訳 of `original`: every line's sides swapped, dated `date`. */
export function reversalInput(original: JournalEntry, date: string): JournalEntryValues {
  return {
    date,
    description: `【逆仕訳】No.${original.number} ${original.description}`.slice(0, 255),
    lines: original.lines.map((l) => ({
      account_id: l.account_id,
      debit: l.credit,
      credit: l.debit,
      tax_category: l.tax_category,
      customer_id: l.customer_id,
      memo: l.memo,
    })),
  };
}

/**
 * Removes an entry made from a record (a sale, a purchase, a payment…): deleted when its period is open,
 * else reversed today (closed books never change).
 */
export async function withdrawEntry(tenant: Tenant, entryId: number, userId: number | null): Promise<void> {
  const [entry] = await tenant.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.id, entryId), eq(journalEntries.company_id, tenant.companyId)))
    .for('update');
  if (!entry) return;
  // an entry already cancelled by a 逆仕訳 (one made in the journal before entries were owned by their
  // documents) nets to zero: the pair goes together where both dates are open, else both stay
  const [reversal] = await tenant.db
    .select({ id: journalEntries.id, date: journalEntries.date })
    .from(journalEntries)
    .where(and(eq(journalEntries.company_id, tenant.companyId), eq(journalEntries.reversal_of_id, entry.id)))
    .for('update');
  if (reversal) {
    if ((await lockCovering(tenant, entry.date)) || (await lockCovering(tenant, reversal.date))) return;
    await tenant.db.delete(journalEntries).where(eq(journalEntries.id, reversal.id));
    await tenant.db.delete(journalEntries).where(eq(journalEntries.id, entry.id));
    return;
  }
  if (!(await lockCovering(tenant, entry.date))) {
    await tenant.db.delete(journalEntries).where(eq(journalEntries.id, entry.id));
    return;
  }
  const today = todayInTokyo();
  await assertOpen(tenant, today, 'transaction_date');
  const original = await loadEntry(tenant, entry.id);
  if (!original || original.reversed_by_id) return;
  await postEntry(tenant, reversalInput(original, today), {
    kind: 'reversal',
    reversalOfId: entry.id,
    createdBy: userId,
    skipChecks: true,
    source: { type: entry.source_type ?? SALE_SOURCE_TYPE, id: entry.source_id ?? 0 },
  });
}

/** The source_type of a 受注取引's entries. */
export const SALE_SOURCE_TYPE = 'transaction';

export const SALES_TAX: Record<string, JournalEntryValues['lines'][number]['tax_category']> = {
  '10': 'sales_10',
  '8': 'sales_8',
  exempt: 'exempt',
  out_of_scope: 'non_taxable',
};
export const SALES_RATE_LABEL: Record<string, string> = {
  '10': '10%',
  '8': '8%',
  exempt: '非課税',
  out_of_scope: '不課税',
};

export type SalesAccounts = Record<'accounts_receivable' | 'sales' | 'received_consumption_tax' | 'bad_debt', number>;
const SALES_KEYS = ['accounts_receivable', 'sales', 'received_consumption_tax', 'bad_debt'] as const;

/** The accounts a sale posts to (売掛金・売上高・仮受消費税等・貸倒損失); a chart that predates one gets it now. */
export async function salesAccounts(tenant: Tenant): Promise<SalesAccounts> {
  const read = () =>
    tenant.db
      .select({ id: accounts.id, key: accounts.system_key })
      .from(accounts)
      .where(and(eq(accounts.company_id, tenant.companyId), inArray(accounts.system_key, [...SALES_KEYS])));
  let rows = await read();
  if (rows.length < SALES_KEYS.length) {
    // a company whose chart predates an account (e.g. 貸倒損失) gets it now
    await seedDefaultAccounts(tenant);
    rows = await read();
  }
  const found = Object.fromEntries(rows.map((r) => [r.key, r.id])) as Partial<SalesAccounts>;
  for (const k of SALES_KEYS) {
    if (!found[k])
      throw unprocessable({ _: ['売上の仕訳に必要な勘定科目（売掛金・売上高・仮受消費税等・貸倒損失）がありません'] });
  }
  return found as SalesAccounts;
}

/**
 * Posts an amount billed beyond the sales already posted (an invoice's free lines and the difference of
 * its once-per-invoice tax rounding) as 売掛金 / 売上高 / 仮受消費税等 per rate; negative differences the
 * other way round. Returns the entry id, or null when there is nothing to post.
 */
export async function postDifference(
  tenant: Tenant,
  d: {
    date: string;
    customerId: number;
    description: string;
    byRate: RateTotal[];
    source: { type: string; id: number };
    userId: number | null;
  },
): Promise<number | null> {
  if (d.byRate.length === 0) return null;
  const acc = await salesAccounts(tenant);
  const lines: JournalEntryValues['lines'] = [];
  const side = (
    account_id: number,
    amount: number,
    credit: boolean,
    tax: JournalEntryValues['lines'][number]['tax_category'],
    memo: string,
  ) => {
    if (amount === 0) return;
    const asCredit = credit === amount > 0;
    lines.push({
      account_id,
      debit: asCredit ? 0 : Math.abs(amount),
      credit: asCredit ? Math.abs(amount) : 0,
      tax_category: tax,
      customer_id: d.customerId,
      memo,
    });
  };
  let receivable = 0;
  for (const r of d.byRate) {
    side(acc.sales, r.base, true, SALES_TAX[r.tax_category], `${SALES_RATE_LABEL[r.tax_category]}対象`);
    side(
      acc.received_consumption_tax,
      r.tax,
      true,
      'none',
      `消費税 ${SALES_RATE_LABEL[r.tax_category]}（請求書単位の端数処理）`,
    );
    receivable += r.base + r.tax;
  }
  side(acc.accounts_receivable, receivable, false, 'none', '');
  if (lines.length < 2) return null;
  await assertOpen(tenant, d.date, 'issue_date');
  const entry = await postEntry(
    tenant,
    { date: d.date, description: d.description.slice(0, 255), lines },
    { createdBy: d.userId, source: d.source, skipChecks: true, dateField: 'issue_date' },
  );
  return entry.id;
}
