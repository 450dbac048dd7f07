import {
  DOCUMENT_TYPES,
  deductibleTax,
  type JournalEntryValues,
  nonQualifiedDeductiblePercent,
  POSTING_DOCUMENT_TYPES,
  type TaxCategory,
} from '@chobo/core';
import { and, eq, inArray, or } from 'drizzle-orm';
import { accounts } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { seedDefaultAccounts } from '../accounting/chart-of-accounts.js';
import { assertOpen, type PostingInput, postEntry, withdrawEntry } from '../accounting/posting.js';
import { lapsedOn, registryCheck } from '../registry/registry.queries.js';
import type { DocumentRow } from './transaction-documents.queries.js';

/**
 * The books side of a 発注取引 (docs/adr: purchase posting): a 請求書 (4) or 領収書 (5) posts the purchase on
 * its transaction date — Dr the expense account (account_id, default 仕入高) per rate with the base plus
 * any tax that is not deductible, Dr 仮払消費税等 the deductible tax (all of it from a 適格 supplier; the
 * 経過措置 share, rounded down, from one without a registration number), Cr by payment method: 買掛金
 * (銀行振込, 口座振替, その他), 未払金 (クレジットカード), 現金 (現金: paid on the spot). One entry,
 * linked both ways (source_type 'transaction_document'); replaced by deleting it in an open period or
 * reversing it (today) in a locked one — the same withdrawEntry as the sales.
 */

export const SOURCE_TYPE = 'transaction_document';

const PURCHASE_TAX: Record<TaxCategory, JournalEntryValues['lines'][number]['tax_category']> = {
  '10': 'purchase_10',
  '8': 'purchase_8',
  exempt: 'exempt',
  out_of_scope: 'non_taxable',
};
/** A supplier that is not a 適格請求書発行事業者: the 経過措置 税区分 of the rate (the 申告書 reads them apart). */
const NON_QUALIFIED_TAX: Partial<Record<TaxCategory, JournalEntryValues['lines'][number]['tax_category']>> = {
  '10': 'purchase_nq_10',
  '8': 'purchase_nq_8',
};
const RATE_LABEL: Record<TaxCategory, string> = { '10': '10%', '8': '8%', exempt: '非課税', out_of_scope: '対象外' };

interface PurchaseAccounts {
  purchases: number;
  prepaidTax: number;
  payable: number;
  otherPayable: number;
  cash: number;
}

async function purchaseAccounts(tenant: Tenant): Promise<PurchaseAccounts> {
  const read = () =>
    tenant.db
      .select({ id: accounts.id, key: accounts.system_key, code: accounts.code, name: accounts.name })
      .from(accounts)
      .where(
        and(
          eq(accounts.company_id, tenant.companyId),
          or(
            inArray(accounts.system_key, ['purchases', 'prepaid_consumption_tax', 'accounts_payable', 'cash']),
            eq(accounts.code, '2140'),
            eq(accounts.name, '未払金'),
          ),
        ),
      );
  let rows = await read();
  if (rows.filter((r) => r.key).length < 4) {
    await seedDefaultAccounts(tenant);
    rows = await read();
  }
  const byKey = (k: string) => rows.find((r) => r.key === k)?.id;
  const otherPayable = rows.find((r) => r.name === '未払金')?.id ?? rows.find((r) => r.code === '2140')?.id;
  const found = {
    purchases: byKey('purchases'),
    prepaidTax: byKey('prepaid_consumption_tax'),
    payable: byKey('accounts_payable'),
    otherPayable,
    cash: byKey('cash'),
  };
  if (Object.values(found).some((v) => v === undefined)) {
    throw unprocessable({
      _: ['仕入の仕訳に必要な勘定科目（仕入高・仮払消費税等・買掛金・未払金・現金）がありません'],
    });
  }
  return found as PurchaseAccounts;
}

/** The credit side by payment method: 2 現金 → 現金, 3 クレジットカード → 未払金, else 買掛金. */
function creditAccount(paymentMethod: number, acc: PurchaseAccounts): number {
  if (paymentMethod === 2) return acc.cash;
  if (paymentMethod === 3) return acc.otherPayable;
  return acc.payable;
}

/** The purchase entry of a document, or null when its type does not post or its amount is 0. */
export function purchaseEntry(
  d: DocumentRow,
  supplierName: string,
  acc: PurchaseAccounts,
  qualified = d.registration_number !== null,
): PostingInput | null {
  if (!POSTING_DOCUMENT_TYPES.includes(d.document_type as 4 | 5) || d.amount <= 0) return null;
  const expense = d.account_id ?? acc.purchases;
  const percent = nonQualifiedDeductiblePercent(d.transaction_date);
  const taxes = d.taxes as { tax_category: TaxCategory; base: number; tax: number }[];
  const lines: PostingInput['lines'] = [];
  const line = (
    account_id: number,
    debit: number,
    credit: number,
    tax: JournalEntryValues['lines'][number]['tax_category'],
    memo: string | null,
  ) => {
    if (debit + credit > 0)
      lines.push({ account_id, debit, credit, tax_category: tax, customer_id: d.customer_id, memo });
  };
  if (taxes.length === 0) {
    line(expense, d.amount, 0, 'none', null);
  }
  // the expense gross per rate with its deductible tax: postEntry splits it (税抜経理) into the expense (base
  // plus the tax that is not deductible) + 仮払消費税等 (the deductible tax); 税込経理 keeps it gross
  for (const t of taxes) {
    const deductible = deductibleTax(t.tax, d.transaction_date, qualified);
    const kept = t.tax - deductible;
    if (t.base + t.tax <= 0) continue;
    lines.push({
      account_id: expense,
      debit: t.base + t.tax,
      credit: 0,
      tax_category: (!qualified && NON_QUALIFIED_TAX[t.tax_category]) || PURCHASE_TAX[t.tax_category],
      customer_id: d.customer_id,
      memo:
        kept > 0
          ? `${RATE_LABEL[t.tax_category]}対象（適格請求書以外: 消費税${kept.toLocaleString('en-US')}円は控除対象外・経過措置${percent}%）`
          : `${RATE_LABEL[t.tax_category]}対象`,
      tax: deductible,
      taxMemo: `消費税 ${RATE_LABEL[t.tax_category]}${qualified ? '' : `（経過措置${percent}%）`}`,
    });
  }
  line(creditAccount(d.payment_method, acc), 0, d.amount, 'none', null);
  const type = DOCUMENT_TYPES[d.document_type as keyof typeof DOCUMENT_TYPES];
  return { date: d.transaction_date, description: `仕入 ${type} ${supplierName}`.slice(0, 255), lines };
}

/** Whether a change of the document changes its purchase entry. */
export function postingChanged(a: DocumentRow, b: DocumentRow): boolean {
  return (
    a.document_type !== b.document_type ||
    a.transaction_date !== b.transaction_date ||
    a.amount !== b.amount ||
    JSON.stringify(a.taxes) !== JSON.stringify(b.taxes) ||
    a.registration_number !== b.registration_number ||
    a.payment_method !== b.payment_method ||
    a.customer_id !== b.customer_id ||
    a.account_id !== b.account_id
  );
}

/**
 * Makes the books match the document `d` (already saved): withdraws its previous entry (deleted, or
 * reversed today when its period is locked) and posts the purchase again. Returns the new entry id.
 */
export async function syncPurchasePosting(
  tenant: Tenant,
  d: DocumentRow,
  supplierName: string,
  userId: number | null,
): Promise<number | null> {
  if (d.journal_entry_id !== null) await withdrawEntry(tenant, d.journal_entry_id, userId);
  const acc = await purchaseAccounts(tenant);
  // a T-number the registry says was not valid on the transaction date (取消・失効・登録前) gets the 経過措置 share
  const lapsed = lapsedOn(await registryCheck(tenant.db, d.registration_number, d.transaction_date));
  const entry = purchaseEntry(d, supplierName, acc, d.registration_number !== null && !lapsed);
  if (!entry) return null;
  await assertOpen(tenant, entry.date, 'transaction_date');
  const posted = await postEntry(tenant, entry, {
    createdBy: userId,
    skipChecks: true,
    source: { type: SOURCE_TYPE, id: d.id },
    dateField: 'transaction_date',
  });
  return posted.id;
}

/** Withdraws the purchase entry of a document that is being deleted. */
export async function withdrawPurchasePosting(tenant: Tenant, d: DocumentRow, userId: number | null): Promise<void> {
  if (d.journal_entry_id !== null) await withdrawEntry(tenant, d.journal_entry_id, userId);
}
