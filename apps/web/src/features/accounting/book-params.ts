import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { Drill } from './types';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Where a figure of a statement opens its ledger lines. */
export function ledgerHref(base: string, drill: Drill): string {
  const q = new URLSearchParams({ account_id: String(drill.account_id), from: drill.from, to: drill.to });
  return `${base}?${q.toString()}`;
}

/** The URL state of /company/accountings: tab, account, customer, period, page. */
export function useBookParams() {
  const [params, setParams] = useSearchParams();
  const accountId = Number(params.get('account_id'));
  const customerId = Number(params.get('customer_id'));
  const page = Number(params.get('page'));
  const from = params.get('from');
  const to = params.get('to');
  const state = {
    tab: params.get('tab') === 'trial' ? ('trial' as const) : ('ledger' as const),
    account_id: Number.isInteger(accountId) && accountId > 0 ? accountId : null,
    /** 取引先別 sub-ledger of 売掛金 / 買掛金 / 未払金. */
    customer_id: Number.isInteger(customerId) && customerId > 0 ? customerId : null,
    from: from && ISO.test(from) ? from : null,
    to: to && ISO.test(to) ? to : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  const update = useCallback(
    (patch: Record<string, string | number | null>, opts?: { replace?: boolean }) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '' || (k === 'page' && Number(v) <= 1) || (k === 'tab' && v === 'ledger'))
            next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      }, opts),
    [setParams],
  );
  return { ...state, update };
}

export type BookParams = ReturnType<typeof useBookParams>;
