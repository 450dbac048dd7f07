import { formatDateJa, POSTING_DOCUMENT_TYPES, type TransactionDocumentValues } from '@chobo/core';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { customers, transactionDocuments as T } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { HttpError } from '../../lib/http-errors.js';

/**
 * The same received document registered twice doubles the expense and 買掛金 (issue 33). A new document
 * matches a live one of the company when it has the same date and amount, the same issuer — the same
 * supplier, or the same 登録番号 (on the document or on its supplier) — and the same kind: the same
 * document type, or both types that post (請求書 and 領収書 of one purchase post it twice too).
 * THE check of every create: the form, OCR 確定 (which creates through createDocument) and any import.
 */
export type DuplicateProbe = Pick<
  TransactionDocumentValues,
  'customer_id' | 'registration_number' | 'transaction_date' | 'amount' | 'document_type'
>;

export interface DuplicateMatch {
  id: number;
  customer_name: string;
  transaction_date: string;
  amount: number;
}

export async function findDuplicateDocument(t: Tenant, probe: DuplicateProbe): Promise<DuplicateMatch | null> {
  const issuer: SQL[] = [eq(T.customer_id, probe.customer_id)];
  if (probe.registration_number) {
    issuer.push(eq(T.registration_number, probe.registration_number));
    issuer.push(
      sql`${T.customer_id} in (select ${customers.id} from ${customers} where ${customers.company_id} = ${t.companyId} and ${customers.registration_number} = ${probe.registration_number})`,
    );
  }
  const posting = POSTING_DOCUMENT_TYPES as readonly number[];
  const kind = posting.includes(probe.document_type)
    ? inArray(T.document_type, [...posting])
    : eq(T.document_type, probe.document_type);
  const [row] = await t.db
    .select({ id: T.id, customer_name: customers.name, transaction_date: T.transaction_date, amount: T.amount })
    .from(T)
    .innerJoin(customers, eq(customers.id, T.customer_id))
    .where(
      and(
        eq(T.company_id, t.companyId),
        isNull(T.deleted_at),
        eq(T.transaction_date, probe.transaction_date),
        eq(T.amount, probe.amount),
        kind,
        or(...issuer),
      ),
    )
    .orderBy(desc(T.id))
    .limit(1);
  return row ?? null;
}

/** 409 `{ message, duplicate_of }` when the document matches a registered one, unless the user confirmed it. */
export async function assertNotDuplicate(
  t: Tenant,
  probe: DuplicateProbe & { confirm_duplicate?: boolean },
): Promise<void> {
  if (probe.confirm_duplicate) return;
  const match = await findDuplicateDocument(t, probe);
  if (!match) return;
  const message = `同じ書類が既に登録されています（${match.customer_name}・${formatDateJa(match.transaction_date)}・${match.amount.toLocaleString('en-US')}円）。別の書類であれば、確認のうえ登録してください`;
  throw new HttpError(409, message, undefined, undefined, { duplicate_of: match.id });
}
