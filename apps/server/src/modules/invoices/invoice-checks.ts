import { and, eq, isNull, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { type InvoiceRow, loadInvoice } from './invoices.queries.js';

/** What the invoice actions check before they write: the customer billed, a draft, no payments on a voided one. */

export const NOT_FOUND = '請求書が見つかりません';

export async function billedCustomer(tenant: Tenant, id: number) {
  const [c] = await tenant.db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, tenant.companyId), isNull(customers.deleted_at)));
  if (!c) throw unprocessable({ customer_id: ['請求先の顧客が見つかりません'] });
  if (c.used_for === 2) throw unprocessable({ customer_id: ['この顧客は仕入先として登録されています'] });
  return c;
}

/** The invoice as answered (404 when not of the company). */
export const must = async (tenant: Tenant, id: number) => {
  const dto = await loadInvoice(tenant, id);
  if (!dto) throw notFound(NOT_FOUND);
  return dto;
};

export function assertDraft(row: InvoiceRow) {
  if (row.status !== 'draft') {
    throw new HttpError(
      409,
      '発行済みの請求書は変更できません。訂正する場合は「訂正」から新しい請求書を作成してください',
    );
  }
}

/** An invoice with payments allocated to it cannot be corrected (voided): the payments would lose it. */
export async function assertNoPayments(tenant: Tenant, invoiceId: number) {
  const [row] = await sqlRows<{ n: number }>(
    tenant.db,
    sql`select count(*)::int as n from payment_allocations where company_id = ${tenant.companyId} and invoice_id = ${invoiceId}`,
  );
  if (row && row.n > 0)
    throw unprocessable({
      _: ['入金が消し込まれている請求書は訂正できません。入金管理で消込を外してから訂正してください'],
    });
}
