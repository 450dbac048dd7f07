import { addDays, bankConfirmRowInput, todayInTokyo } from '@chobo/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CompanyCtx } from '../../lib/context.js';
import type { AppDeps } from '../../lib/deps.js';
import { type FileStorage, MemoryFileStorage } from '../../lib/storage.js';
import { loadAccounts } from '../../modules/accounting/accounts.queries.js';
import { SOURCE_TYPE as BANK_ROW_SOURCE, confirmRows } from '../../modules/bank-statements/confirm.js';
import { importStatement } from '../../modules/bank-statements/imports.js';
import { bankCsvFile, type StatementLine } from '../../modules/bank-statements/statement-files.js';
import { openTransfers } from '../../modules/payment-batches/payment-batch-settlement.js';
import { SOURCE_TYPE as PAYMENT_SOURCE } from '../../modules/payments/payment-posting.js';
import {
  accountDailyBalances,
  bankAccounts,
  bankStatementRows,
  customers,
  journalEntries,
  journalLines,
  payments,
  salesTransactions,
} from '../schema/index.js';

const FULL =
  'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴー';
const HALF = [
  'ｧ',
  'ｱ',
  'ｨ',
  'ｲ',
  'ｩ',
  'ｳ',
  'ｪ',
  'ｴ',
  'ｫ',
  'ｵ',
  'ｶ',
  'ｶﾞ',
  'ｷ',
  'ｷﾞ',
  'ｸ',
  'ｸﾞ',
  'ｹ',
  'ｹﾞ',
  'ｺ',
  'ｺﾞ',
  'ｻ',
  'ｻﾞ',
  'ｼ',
  'ｼﾞ',
  'ｽ',
  'ｽﾞ',
  'ｾ',
  'ｾﾞ',
  'ｿ',
  'ｿﾞ',
  'ﾀ',
  'ﾀﾞ',
  'ﾁ',
  'ﾁﾞ',
  'ｯ',
  'ﾂ',
  'ﾂﾞ',
  'ﾃ',
  'ﾃﾞ',
  'ﾄ',
  'ﾄﾞ',
  'ﾅ',
  'ﾆ',
  'ﾇ',
  'ﾈ',
  'ﾉ',
  'ﾊ',
  'ﾊﾞ',
  'ﾊﾟ',
  'ﾋ',
  'ﾋﾞ',
  'ﾋﾟ',
  'ﾌ',
  'ﾌﾞ',
  'ﾌﾟ',
  'ﾍ',
  'ﾍﾞ',
  'ﾍﾟ',
  'ﾎ',
  'ﾎﾞ',
  'ﾎﾟ',
  'ﾏ',
  'ﾐ',
  'ﾑ',
  'ﾒ',
  'ﾓ',
  'ｬ',
  'ﾔ',
  'ｭ',
  'ﾕ',
  'ｮ',
  'ﾖ',
  'ﾗ',
  'ﾘ',
  'ﾙ',
  'ﾚ',
  'ﾛ',
  'ﾜ',
  'ﾜ',
  'ｲ',
  'ｴ',
  'ｦ',
  'ﾝ',
  'ｳﾞ',
  'ｰ',
];

/** A customer's kana as a bank prints the payer: half-width, the legal form as ｶ) / ﾕ) / ﾄﾞ). */
export function bankKana(kana: string): string {
  const k = kana
    .replace(/^カブシキガイシャ/, 'カ)')
    .replace(/カブシキガイシャ$/, '(カ')
    .replace(/^ユウゲンガイシャ/, 'ユ)')
    .replace(/^ゴウドウガイシャ/, 'ド)');
  return [...k].map((c) => (FULL.includes(c) ? HALF[FULL.indexOf(c)] : c)).join('');
}

/**
 * The demo company's 普通預金 statement (三菱UFJ CSV, Shift_JIS) of the last two months, imported through the
 * real import: every movement the books already hold is confirmed against its journal entry (the statement
 * agrees with the ledger), and this month's transfers from customers for open sales wait unconfirmed with
 * their explained suggestions (one short by a 振込手数料). Posts nothing: the trial balance is unchanged.
 */
/**
 * The demo company's 普通預金 account (found or made), its ledger account set: the statements are imported into
 * it and the payment batches pay from it.
 */
export async function demoBankAccount(ctx: CompanyCtx) {
  const { db, companyId } = ctx;
  const deposit = (await loadAccounts(ctx)).find((a) => a.system_key === 'ordinary_deposit');
  if (!deposit) return null;
  let [account] = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.company_id, companyId))
    .orderBy(asc(bankAccounts.sort_order), asc(bankAccounts.id))
    .limit(1);
  if (!account) {
    [account] = await db
      .insert(bankAccounts)
      .values({
        company_id: companyId,
        bank_code: '0001',
        bank_name: 'みずほ銀行',
        branch_code: '110',
        branch_name: '丸の内支店',
        account_type: '普通',
        account_number: '1234567',
        account_holder: 'カ）サンプルショウジ',
        on_invoice: true,
        sort_order: 1,
      })
      .returning();
  }
  await db.update(bankAccounts).set({ account_id: deposit.id }).where(eq(bankAccounts.id, account.id));
  return { account, deposit };
}

export async function seedDemoBankStatements(ctx: CompanyCtx, opts: { today?: string; storage?: FileStorage } = {}) {
  const today = opts.today ?? todayInTokyo();
  const { db, companyId } = ctx;
  const found = await demoBankAccount(ctx);
  if (!found) return;
  const { account, deposit } = found;

  const from = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  const [before] = await db
    .select({ v: sql<string>`coalesce(sum(${accountDailyBalances.debit} - ${accountDailyBalances.credit}), 0)` })
    .from(accountDailyBalances)
    .where(
      and(
        eq(accountDailyBalances.company_id, companyId),
        eq(accountDailyBalances.account_id, deposit.id),
        sql`${accountDailyBalances.date} < ${from}`,
      ),
    );
  const opening = Number(before.v);
  const booked = await db
    .select({
      entry_id: journalEntries.id,
      date: journalEntries.date,
      description: journalEntries.description,
      source_type: journalEntries.source_type,
      source_id: journalEntries.source_id,
      debit: journalLines.debit,
      credit: journalLines.credit,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
    .where(
      and(
        eq(journalLines.company_id, companyId),
        eq(journalLines.account_id, deposit.id),
        inArray(journalEntries.kind, ['normal']),
        sql`${journalEntries.date} between ${from} and ${today}`,
      ),
    )
    .orderBy(asc(journalEntries.date), asc(journalEntries.id));
  const lines: StatementLine[] = booked.map((b) => ({
    date: b.date,
    direction: Number(b.debit) > 0 ? 'in' : 'out',
    amount: Number(b.debit) + Number(b.credit),
    description: b.description.slice(0, 40),
  }));
  // this month's transfers for open sales, not booked yet
  const open = await db
    .select({ total: salesTransactions.total, due: salesTransactions.due_date, kana: customers.name_kana })
    .from(salesTransactions)
    .innerJoin(customers, eq(customers.id, salesTransactions.customer_id))
    .where(
      and(
        eq(salesTransactions.company_id, companyId),
        inArray(salesTransactions.status, [0, 1]),
        sql`${salesTransactions.journal_entry_id} is not null`,
        sql`${customers.name_kana} is not null`,
      ),
    )
    .orderBy(asc(salesTransactions.transaction_date), asc(salesTransactions.id))
    .limit(3);
  const last = lines.length ? lines[lines.length - 1].date : from;
  open
    .filter((o) => o.kana)
    .forEach((o, i) => {
      lines.push({
        date: last > today ? today : last,
        direction: 'in',
        amount: Number(o.total) - (i === 1 ? 440 : 0),
        description: `ﾌﾘｺﾐ ${bankKana(o.kana as string)}`,
      });
    });
  // the approved (出力済) payment batches' transfers paid from this account in the period: 出金 rows of the
  // payment date and what left the account (the transfer and the bank's fee), matched when confirmed below
  const transfers = (await openTransfers(ctx)).filter(
    (o) => o.bank_account_id === account.id && o.payment_date >= from && o.payment_date <= today,
  );
  const payeeKana = new Map(
    (
      await db
        .select({ id: customers.id, kana: customers.name_kana })
        .from(customers)
        .where(
          and(
            eq(customers.company_id, companyId),
            inArray(customers.id, [0, ...transfers.map((o) => o.transfer.customer_id)]),
          ),
        )
    ).map((c) => [c.id, c.kana]),
  );
  // every line tagged with what it is, kept in date order (a stable sort: the booked lines' order stands)
  const tagged: { line: StatementLine; booked: number | null }[] = lines.map((line, i) => ({
    line,
    booked: i < booked.length ? i : null,
  }));
  for (const o of transfers) {
    const kana = payeeKana.get(o.transfer.customer_id);
    tagged.push({
      line: {
        date: o.payment_date,
        direction: 'out',
        amount: o.transfer.amount + o.transfer.fee,
        description: `ﾌﾘｺﾐ ${kana ? bankKana(kana) : o.transfer.customer_name}`.slice(0, 40),
      },
      booked: -1,
    });
  }
  tagged.sort((a, b) => (a.line.date < b.line.date ? -1 : a.line.date > b.line.date ? 1 : 0));
  lines.splice(0, lines.length, ...tagged.map((t) => t.line));
  if (lines.length === 0) return;
  const file = bankCsvFile('mufg', lines, opening, { preamble: ['"口座番号","普通 1234567"', ''] });
  const actx: CompanyCtx = { ...ctx, deps: { storage: opts.storage ?? new MemoryFileStorage() } as AppDeps };
  const imp = await importStatement({
    ctx: actx,
    input: {
      bytes: file,
      file_name: `mufg_${from.slice(0, 7)}.csv`,
      bank_account_id: account.id,
      format: 'auto',
      dry_run: false,
      background: false,
    },
  });
  // the movements already in the books: confirmed against their entries
  const rows = await db
    .select({ id: bankStatementRows.id })
    .from(bankStatementRows)
    .where(eq(bankStatementRows.import_id, imp.id))
    .orderBy(asc(bankStatementRows.line_no));
  // linked both ways as the confirm step links them: a payment's entry through its payment (payment → row),
  // a plain entry as the row's own (source 'bank_statement_row'), so a revert withdraws exactly these
  const transferRows: number[] = [];
  for (let i = 0; i < tagged.length && i < rows.length; i++) {
    const k = tagged[i].booked;
    if (k === -1) transferRows.push(rows[i].id);
    if (k === null || k < 0) continue;
    const b = booked[k];
    const row = rows[i].id;
    await db
      .update(bankStatementRows)
      .set({ status: 'confirmed', journal_entry_id: b.entry_id, confirmed_at: new Date() })
      .where(eq(bankStatementRows.id, row));
    if (b.source_type === PAYMENT_SOURCE && b.source_id !== null) {
      await db
        .update(payments)
        .set({ bank_statement_row_id: row })
        .where(and(eq(payments.company_id, companyId), eq(payments.id, b.source_id)));
    } else if (b.source_type === null) {
      await db
        .update(journalEntries)
        .set({ source_type: BANK_ROW_SOURCE, source_id: row })
        .where(and(eq(journalEntries.company_id, companyId), eq(journalEntries.id, b.entry_id)));
    }
  }
  // the batches' 出金 rows confirmed through the import's own matching (the transfer's payment, 支払済)
  if (transferRows.length) {
    const done = await confirmRows({
      ctx: actx,
      input: { importId: imp.id, rows: transferRows.map((id) => bankConfirmRowInput.parse({ id })) },
    });
    if (done.failed.length) throw new Error(`デモの振込の明細を確定できません: ${JSON.stringify(done.failed)}`);
  }
}
