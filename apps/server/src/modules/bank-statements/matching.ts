import type { BankMatch } from '@chobo/core';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  customers,
  invoices,
  invoiceTransactions,
  salesTransactions,
  transactionDocuments,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';

/**
 * Matching of statement rows to what is open: incoming rows against sales (受注取引 請求済/未請求 posted to
 * 売掛金), outgoing rows against unpaid 発注取引 請求書 (買掛金). A confirmed row matched to documents becomes a
 * payment (payments-seam.ts), so what is open is the maintained `total − paid_amount` (ADR 0023) — the same
 * figure whether a row, a payment entered by hand or several rows settled it (the row's `matched` only
 * records what it settled).
 */

export interface OpenItem {
  type: 'transaction' | 'transaction_document';
  id: number;
  label: string;
  customer_id: number;
  customer_name: string;
  /** NFKC katakana of the customer's kana (or name), legal-form words removed. */
  kana: string;
  open: number;
  due_date: string | null;
  date: string;
}

/** Fees a payer typically deducts from a transfer (税込 振込手数料 of Japanese banks). */
export const TYPICAL_FEES = [110, 220, 330, 440, 550, 660, 770, 880];

const LEGAL =
  /(カブシキガイシャ|ユウゲンガイシャ|ゴウドウガイシャ|カ\)|\(カ|ユ\)|\(ユ|ド\)|\(ド|株式会社|有限会社|合同会社|\(株\)|㈱)/g;

/** A name for comparing payer and customer: NFKC, katakana, no spaces, no legal-form words, ヰ/小書き folded. */
export function nameKey(s: string | null | undefined): string {
  if (!s) return '';
  return s
    .normalize('NFKC')
    .replace(/[ぁ-ゖ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .toUpperCase()
    .replace(LEGAL, '')
    .replace(/[ァィゥェォッャュョ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1))
    .replace(/[\s()（）.,・ー-]/g, '');
}

export async function loadOpenItems(tenant: Tenant): Promise<{ receivables: OpenItem[]; payables: OpenItem[] }> {
  const { db, companyId } = tenant;
  // open = total − paid_amount, kept by the payment allocations (ADR 0023): a payment entered by hand, a bank
  // row confirmed against the document (which became a payment) and a deleted payment all count
  const sales = await db
    .select({
      id: salesTransactions.id,
      number: salesTransactions.number,
      subject: salesTransactions.subject,
      total: salesTransactions.total,
      paid: salesTransactions.paid_amount,
      due_date: salesTransactions.due_date,
      date: salesTransactions.transaction_date,
      customer_id: salesTransactions.customer_id,
      customer_name: customers.name,
      kana: customers.name_kana,
    })
    .from(salesTransactions)
    .innerJoin(customers, eq(customers.id, salesTransactions.customer_id))
    .where(
      and(
        eq(salesTransactions.company_id, companyId),
        inArray(salesTransactions.status, [0, 1]),
        isNotNull(salesTransactions.journal_entry_id),
        sql`${salesTransactions.total} > ${salesTransactions.paid_amount}`,
      ),
    );
  const billed = await invoicePaidShares(
    tenant,
    sales.map((s) => s.id),
  );
  const docs = await db
    .select({
      id: transactionDocuments.id,
      amount: transactionDocuments.amount,
      paid: transactionDocuments.paid_amount,
      due_date: transactionDocuments.due_date,
      date: transactionDocuments.transaction_date,
      customer_id: transactionDocuments.customer_id,
      customer_name: customers.name,
      kana: customers.name_kana,
    })
    .from(transactionDocuments)
    .innerJoin(customers, eq(customers.id, transactionDocuments.customer_id))
    .where(
      and(
        eq(transactionDocuments.company_id, companyId),
        eq(transactionDocuments.document_type, 4),
        eq(transactionDocuments.status, 0),
        inArray(transactionDocuments.payment_method, [1, 4, 9]),
        isNull(transactionDocuments.deleted_at),
        isNotNull(transactionDocuments.journal_entry_id),
        sql`${transactionDocuments.amount} > ${transactionDocuments.paid_amount}`,
      ),
    );
  return {
    receivables: sales
      .map((s) => ({
        type: 'transaction' as const,
        id: s.id,
        label: `受注取引 No.${s.number} ${s.subject}`,
        customer_id: s.customer_id,
        customer_name: s.customer_name,
        kana: nameKey(s.kana ?? s.customer_name),
        open: Number(s.total) - Number(s.paid) - (billed.get(s.id) ?? 0),
        due_date: s.due_date,
        date: s.date,
      }))
      .filter((s) => s.open > 0),
    payables: docs
      .map((d) => ({
        type: 'transaction_document' as const,
        id: d.id,
        label: `発注取引 請求書 ${d.date} ${d.customer_name}`,
        customer_id: d.customer_id,
        customer_name: d.customer_name,
        kana: nameKey(d.kana ?? d.customer_name),
        open: Number(d.amount) - Number(d.paid),
        due_date: d.due_date,
        date: d.date,
      }))
      .filter((d) => d.open > 0),
  };
}

/**
 * A sale billed by a live invoice is settled on the invoice (payments-seam.ts): what the invoice has been
 * paid (its paid_amount) is shared over its sales oldest first (transaction date, id), each up to what is
 * still open on it. Answers sale id → the invoice's share, for the given sales.
 */
async function invoicePaidShares({ db, companyId }: Tenant, saleIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (saleIds.length === 0) return out;
  const rows = await db
    .select({
      invoice_id: invoiceTransactions.invoice_id,
      invoice_paid: invoices.paid_amount,
      sale_id: salesTransactions.id,
      total: salesTransactions.total,
      paid: salesTransactions.paid_amount,
    })
    .from(invoiceTransactions)
    .innerJoin(invoices, eq(invoices.id, invoiceTransactions.invoice_id))
    .innerJoin(salesTransactions, eq(salesTransactions.id, invoiceTransactions.transaction_id))
    .where(
      and(
        eq(invoiceTransactions.company_id, companyId),
        inArray(invoices.status, ['issued', 'sent', 'paid']),
        sql`${invoices.paid_amount} > 0`,
        sql`${invoiceTransactions.invoice_id} in (select it.invoice_id from invoice_transactions it
          where it.company_id = ${companyId} and it.transaction_id = any(${`{${saleIds.join(',')}}`}::int[]))`,
      ),
    )
    .orderBy(invoiceTransactions.invoice_id, salesTransactions.transaction_date, salesTransactions.id);
  let invoice = -1;
  let left = 0;
  for (const r of rows) {
    if (r.invoice_id !== invoice) {
      invoice = r.invoice_id;
      left = Number(r.invoice_paid);
    }
    const share = Math.max(0, Math.min(left, Number(r.total) - Number(r.paid)));
    left -= share;
    if (share > 0) out.set(r.sale_id, (out.get(r.sale_id) ?? 0) + share);
  }
  return out;
}

export interface MatchResult {
  score: number;
  reasons: string[];
  matches: BankMatch[];
  /** Fee deducted by the payer (incoming) or paid on top (outgoing). */
  fee: number;
}

const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);
const yen = (n: number) => `${n.toLocaleString('en-US')}円`;
const md = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

function nameReason(row: { counterparty_name: string | null; description: string }, item: OpenItem) {
  const payer = nameKey(row.counterparty_name ?? row.description);
  if (!payer || !item.kana) return null;
  if (payer === item.kana || payer.includes(item.kana) || (payer.length >= 4 && item.kana.includes(payer))) {
    return `振込名義「${row.counterparty_name ?? row.description}」が取引先「${item.customer_name}」のカナと一致`;
  }
  return null;
}

function dateScore(rowDate: string, item: OpenItem): [number, string | null] {
  const ref = item.due_date ?? item.date;
  const d = days(rowDate, ref);
  const what = item.due_date ? `支払期日 ${md(ref)}` : `取引日 ${md(ref)}`;
  if (Math.abs(d) <= 7) return [20, `${what} の前後7日以内（${d >= 0 ? `${d}日後` : `${-d}日前`}）`];
  if (d >= -31 && d <= 45) return [10, `${what} から${Math.abs(d)}日${d >= 0 ? '後' : '前'}`];
  return [0, null];
}

const asMatch = (item: OpenItem, amount: number): BankMatch => ({
  type: item.type,
  id: item.id,
  label: item.label,
  customer_id: item.customer_id,
  customer_name: item.customer_name,
  open_amount: item.open,
  amount,
  due_date: item.due_date,
});

/**
 * The best explained match of a row: one open item (exact amount, or short by a typical 振込手数料), several
 * open items of one payer whose sum is the amount, or a part payment of one item by its payer. Null below
 * 50 points.
 */
export function bestMatch(
  row: { date: string; direction: 'in' | 'out'; amount: number; description: string; counterparty_name: string | null },
  items: OpenItem[],
): MatchResult | null {
  let best: MatchResult | null = null;
  const consider = (m: MatchResult) => {
    if (m.score >= 50 && (!best || m.score > best.score)) best = m;
  };
  const byPayer: OpenItem[] = [];
  for (const item of items) {
    const name = nameReason(row, item);
    if (name) byPayer.push(item);
    const [ds, dr] = dateScore(row.date, item);
    const base = (name ? 30 : 0) + ds;
    const reasons = [name, dr].filter((r): r is string => r !== null);
    if (item.open === row.amount) {
      consider({
        score: Math.min(100, 50 + base),
        reasons: [`金額 ${yen(row.amount)} が${item.label}の未決済額と一致`, ...reasons],
        matches: [asMatch(item, item.open)],
        fee: 0,
      });
      continue;
    }
    const diff = row.direction === 'in' ? item.open - row.amount : row.amount - item.open;
    if (TYPICAL_FEES.includes(diff)) {
      consider({
        score: Math.min(100, 40 + base),
        reasons: [
          row.direction === 'in'
            ? `金額が未決済額 ${yen(item.open)} から振込手数料 ${yen(diff)} を差し引いた額と一致`
            : `金額が未決済額 ${yen(item.open)} に振込手数料 ${yen(diff)} を加えた額と一致`,
          ...reasons,
        ],
        matches: [asMatch(item, item.open)],
        fee: diff,
      });
    } else if (name && row.direction === 'in' && row.amount < item.open) {
      consider({
        score: 20 + base,
        reasons: [`一部入金（未決済額 ${yen(item.open)}、残り ${yen(item.open - row.amount)}）`, ...reasons],
        matches: [asMatch(item, row.amount)],
        fee: 0,
      });
    }
  }
  // several open items of the same payer paid together (up to 4, oldest first)
  const payers = new Map<number, OpenItem[]>();
  for (const i of byPayer) payers.set(i.customer_id, [...(payers.get(i.customer_id) ?? []), i]);
  for (const list of payers.values()) {
    const sorted = [...list].sort((a, b) => (a.due_date ?? a.date).localeCompare(b.due_date ?? b.date)).slice(0, 12);
    const n = sorted.length;
    if (n < 2) continue;
    const limit = 1 << n;
    for (let mask = 1; mask < limit; mask++) {
      let bits = 0;
      let sum = 0;
      for (let k = 0; k < n; k++)
        if (mask & (1 << k)) {
          bits++;
          sum += sorted[k].open;
        }
      if (bits < 2 || bits > 4) continue;
      const diff = row.direction === 'in' ? sum - row.amount : row.amount - sum;
      if (diff !== 0 && !TYPICAL_FEES.includes(diff)) continue;
      const chosen = sorted.filter((_, k) => mask & (1 << k));
      consider({
        score: diff === 0 ? 85 : 75,
        reasons: [
          `${chosen.length}件の未決済額の合計 ${yen(sum)} と${diff === 0 ? '一致' : `振込手数料 ${yen(diff)} を除いて一致`}`,
          nameReason(row, chosen[0]) as string,
        ],
        matches: chosen.map((c) => asMatch(c, c.open)),
        fee: diff,
      });
    }
  }
  return best;
}
