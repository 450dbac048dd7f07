import type { BankImportDetail, BankRow, Paginated } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { filterParam, type ListQueryParams } from '../../components/resource-list';
import { type DetailParams, importDetailQuery } from './api';

/** 未確定 (no `status` in the URL), 確定済 or すべて. */
export const ROW_STATUSES = [
  { value: 'unconfirmed', label: '未確定' },
  { value: 'confirmed', label: '確定済' },
  { value: 'all', label: 'すべて' },
] as const;
export const isRowStatus = (value: string) => ROW_STATUSES.some((s) => s.value === value);

/** The detail request of the URL's list state: 未確定 by default, すべて sends no status. */
export function detailParams(params: ListQueryParams): DetailParams {
  const status = filterParam(params, 'status') ?? 'unconfirmed';
  return { page: params.page, status: status === 'all' ? null : status, keyword: params.keyword };
}

/** The import's page of rows as the list kit's page (its footer, page correction). */
function rowsPage(detail: BankImportDetail): Paginated<BankRow> {
  const { total, page, per_page } = detail.rows_meta;
  const from = detail.rows.length ? (page - 1) * per_page + 1 : null;
  return {
    data: detail.rows,
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / per_page)),
      per_page,
      total,
      from,
      to: from === null ? null : from + detail.rows.length - 1,
    },
  };
}

/** The rows list's data hook (the import is the route's :id): the same query as the page's header. */
export function useImportRowsPage(params: ListQueryParams) {
  const id = Number(useParams().id);
  return useQuery({ ...importDetailQuery(id, detailParams(params)), select: rowsPage });
}

/** 入出金管理's form, pre-filled from a statement row (the payment it records confirms the row). */
export function paymentFromRow(r: BankRow, bankAccountId: number): string {
  const q = new URLSearchParams({
    direction: r.direction,
    date: r.date,
    amount: String(r.amount),
    bank_account_id: String(bankAccountId),
    memo: `銀行明細: ${r.description}`,
    bank_statement_row_id: String(r.id),
  });
  return `/company/payment_management/create?${q}`;
}

/** Rows that can be confirmed as they are: unconfirmed with a suggestion or the person's change. */
export const confirmable = (r: BankRow) => r.status === 'unconfirmed' && Boolean(r.suggestion || r.edit);

/** The confirm request's rows: a row the person changed goes with their 勘定科目 / 税区分 / 摘要. */
export function confirmRows(ids: Iterable<number>, rows: BankRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...ids].map((id) => {
    const e = byId.get(id)?.edit;
    return e
      ? {
          id,
          account_id: e.account_id,
          tax_category: e.tax_category as 'none',
          ...(e.description ? { description: e.description } : {}),
        }
      : { id };
  });
}
