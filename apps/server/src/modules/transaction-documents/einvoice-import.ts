import {
  checkEInvoice,
  customerInput,
  type EInvoiceData,
  type EInvoiceFinding,
  type EInvoiceImport,
  einvoiceTaxes,
  formatDateJa,
  isValidRegistrationNumber,
  transactionDocumentInput,
} from '@chobo/core';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { HttpError, unprocessable } from '../../lib/http-errors.js';
import type { RawFilePart, Upload } from '../../lib/uploads.js';
import { createCustomer } from '../customers/customer-actions.js';
import { addDocumentFiles, createDocument } from './transaction-document-actions.js';
import { findDuplicateDocument } from './transaction-document-duplicates.js';
import { loadDocument } from './transaction-documents.queries.js';
import { readUblInvoice } from './ubl-read.js';

/**
 * 電子インボイスの取込 (ADR 0048): each received JP PINT XML becomes a 発注取引 (請求書) through the same
 * action as the form — createDocument posts its purchase, addDocumentFiles keeps the original XML as version
 * 1 (電帳法) — with the supplier matched by 登録番号, then 法人番号 (a 法人's 登録番号 is T + its 法人番号),
 * then name, or registered. The offline checker's findings are stored on the document; any finding marks it
 * 要確認 (so does a document matching one already registered: it is stored, not refused). All files are read and checked first: one that is not XML or not a UBL Invoice refuses the request
 * (422) before anything is stored; then every document is created in one transaction.
 */

export interface ParsedEInvoice {
  part: RawFilePart;
  data: EInvoiceData;
}

/** Reads every part as a UBL Invoice; 422 naming the first that is not one. */
export function parseEInvoices(parts: RawFilePart[]): ParsedEInvoice[] {
  if (parts.length === 0)
    throw new HttpError(422, 'ファイルを選択してください', { file: ['ファイルを選択してください'] });
  return parts.map((part) => {
    const label = `「${part.filename || 'file'}」: `;
    const text = part.buffer.toString('utf8');
    const data =
      part.buffer.length > 0 && !text.includes('\u0000') ? readUblInvoice(text.replace(/^\uFEFF/, '')) : null;
    if (!data) {
      const message = `${label}電子インボイス（UBL 2.1 の Invoice の XML）ではありません`;
      throw unprocessable({ file: [message] }, message);
    }
    return { part, data };
  });
}

/** The supplier: 登録番号, then 法人番号 (T + 法人番号), then exact name, among live purchase suppliers. */
async function matchSupplier(t: Tenant, d: EInvoiceData) {
  const base = and(
    eq(customers.company_id, t.companyId),
    isNull(customers.deleted_at),
    inArray(customers.used_for, [2, 3]),
  );
  const rn = d.seller?.registration_number;
  const cn = d.seller?.corporate_number;
  const byRn = rn && /^T\d{13}$/.test(rn) ? eq(customers.registration_number, rn) : undefined;
  const byCn = cn && /^\d{13}$/.test(cn) ? eq(customers.registration_number, `T${cn}`) : undefined;
  const byName = d.seller?.name ? eq(customers.name, d.seller.name.slice(0, 255)) : undefined;
  const any = or(...[byRn, byCn, byName].filter((c): c is SQL => c !== undefined));
  if (!any) return null;
  // one query, best match first: 登録番号, then 法人番号, then name
  const rank = sql<number>`case when ${byRn ?? sql`false`} then 0 when ${byCn ?? sql`false`} then 1 else 2 end`;
  const [c] = await t.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(base, any))
    .orderBy(rank, customers.id)
    .limit(1);
  return c?.id ?? null;
}

async function supplierFor(t: CompanyCtx, d: EInvoiceData): Promise<{ id: number; created: boolean }> {
  const found = await matchSupplier(t, d);
  if (found) return { id: found, created: false };
  const rn = d.seller?.registration_number ?? '';
  const cn = d.seller?.corporate_number ?? '';
  const number = isValidRegistrationNumber(rn) ? rn : isValidRegistrationNumber(`T${cn}`) ? `T${cn}` : null;
  const input = customerInput.parse({
    name: (d.seller?.name || '（名称のない取引先）').slice(0, 255),
    used_for: 2,
    registration_number: number,
  });
  const c = await createCustomer({ ctx: t, input });
  return { id: c.id, created: true };
}

/**
 * A negative document (返品・値引: 適格返還請求書) is kept as その他 (not posted as a purchase), its amounts
 * as written without the sign, with a finding saying so.
 */
function values(d: EInvoiceData, customerId: number, fileName: string) {
  const taxes = einvoiceTaxes(d);
  const total = taxes.reduce((s, r) => s + r.base + r.tax, 0);
  const negative = total < 0;
  const extra: EInvoiceFinding[] = [];
  if (negative) {
    extra.push({
      rule: 'jp-chobo-negative',
      severity: 'warning',
      message:
        'マイナスの請求書（返品・値引き：適格返還請求書）です。金額は符号を除いて記録し、仕入の仕訳は作成していません',
    });
  }
  const rn = d.seller?.registration_number ?? null;
  const due = d.due_date && d.issue_date && d.due_date >= d.issue_date ? d.due_date : null;
  const memo = [
    `電子インボイス No.${d.number ?? '（番号なし）'}（${fileName}）`,
    d.preceding?.number ? `請求書 No.${d.preceding.number} の訂正` : null,
    negative ? '返品・値引き（マイナスの請求書）' : null,
  ]
    .filter(Boolean)
    .join(' / ');
  const parsed = transactionDocumentInput.safeParse({
    customer_id: customerId,
    document_type: negative ? 9 : 4,
    transaction_date: d.issue_date ?? '',
    amount: Math.abs(total),
    taxes: taxes.map((r) => ({ ...r, base: Math.abs(r.base), tax: Math.abs(r.tax) })),
    // the 登録番号 is kept as written when it has the form T + 13 digits (its check digit is a finding)
    registration_number: '',
    due_date: due,
    memo: memo.slice(0, 2000),
    confirm_duplicate: false,
  });
  if (!parsed.success) {
    const message = `「${fileName}」: ${parsed.error.issues[0]?.message ?? '内容を読み取れませんでした'}`;
    throw unprocessable({ file: [message] }, message);
  }
  return {
    input: { ...parsed.data, registration_number: rn && /^T\d{13}$/.test(rn) ? rn : null },
    extra,
  };
}

export async function importEInvoices({
  ctx,
  input: { files },
}: ActionArgs<CompanyCtx, { files: ParsedEInvoice[] }>): Promise<EInvoiceImport[]> {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const out: EInvoiceImport[] = [];
    for (const { part, data } of files) {
      const fileName = part.filename || 'einvoice.xml';
      const supplier = await supplierFor(t, data);
      const { input, extra } = values(data, supplier.id, fileName);
      // a document already registered is stored all the same (its XML is the evidence), marked 要確認
      const dup = await findDuplicateDocument(t, input);
      if (dup) {
        extra.push({
          rule: 'jp-chobo-duplicate',
          severity: 'warning',
          message: `同じ取引先・日付・金額の発注取引（ID ${dup.id}・${formatDateJa(dup.transaction_date)}・${dup.amount.toLocaleString('en-US')}円）が登録済みです。二重計上でないか確認してください`,
        });
      }
      const findings = [...checkEInvoice(data), ...extra];
      const doc = await createDocument({
        ctx: t,
        input: { ...input, confirm_duplicate: true, einvoice_findings: findings },
      });
      const upload: Upload = { buffer: part.buffer, filename: fileName, kind: 'xml', mime: 'application/xml' };
      await addDocumentFiles({ ctx: t, input: { id: doc.id, uploads: [upload] } });
      out.push({
        file_name: fileName,
        supplier_created: supplier.created,
        invoice_number: data.number,
        document: (await loadDocument(t, doc.id)) as EInvoiceImport['document'],
      });
    }
    return out;
  });
}
