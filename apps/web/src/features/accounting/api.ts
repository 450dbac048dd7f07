import {
  type AccountingSettings,
  type IncomeStatement,
  type JournalImportResult,
  type Paginated,
  type PeriodLock,
  todayInTokyo,
} from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { filterParam, type ListDataHook } from '../../components/resource-list';
import { api } from '../../lib/api';
import type {
  Account,
  FiscalYear,
  JournalEntry,
  JournalEntryInput,
  LedgerPage,
  MonthlyTrialBalance,
  TrialBalance,
} from './types';

/** react-query hooks of 会計帳簿 (docs/product/PRODUCT.md §1 table: accounts, journal, books and statements). */
export const ACCOUNTS_PATH = '/api/company/accounts';
export const ENTRIES_PATH = '/api/accountings';
export const LEDGER_PATH = '/api/company/ledger';
export const TRIAL_BALANCE_PATH = '/api/company/trial-balance';
export const ENTRY_PER_PAGE = 20;

export const accountingKeys = {
  all: ['accounting'] as const,
  accounts: (companyId: number | null) => [...accountingKeys.all, 'accounts', companyId] as const,
  entries: () => [...accountingKeys.all, 'entries'] as const,
  entryList: (params: EntryListParams) => [...accountingKeys.entries(), 'list', params] as const,
  entry: (id: number) => [...accountingKeys.entries(), 'detail', id] as const,
  books: () => [...accountingKeys.all, 'books'] as const,
  ledger: (params: object) => [...accountingKeys.books(), 'ledger', params] as const,
  trialBalance: (params: object) => [...accountingKeys.books(), 'trial-balance', params] as const,
  statement: (kind: string, params: object) => [...accountingKeys.books(), kind, params] as const,
};

export function useAccounts(companyId: number | null = null) {
  return useQuery({
    queryKey: accountingKeys.accounts(companyId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Account[] }>(ACCOUNTS_PATH, { query: { company_id: companyId, include_inactive: 1 }, signal })
        .then((r) => r.data),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export interface EntryListParams {
  keyword: string;
  page: number;
  from: string | null;
  to: string | null;
  account_id: number | null;
  company_id: number | null;
  /** 'asc' = oldest first (the book's order), 'desc' = newest first */
  sort_dir: 'asc' | 'desc';
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 仕訳帳's period: the URL's from/to, or (none given, and not period=all) the current fiscal year; `ready`
 * once that year is known.
 */
export function useJournalPeriod(
  companyId: number | null,
  given: { from: string | null; to: string | null; period: string | null },
) {
  const fiscalYears = useFiscalYears(companyId);
  const from = given.from && ISO.test(given.from) ? given.from : null;
  const to = given.to && ISO.test(given.to) ? given.to : null;
  const explicit = Boolean(from || to) || given.period === 'all';
  const currentYear = useMemo(() => {
    const today = todayInTokyo();
    return fiscalYears.data?.find((y) => y.start_date <= today && today <= y.end_date) ?? null;
  }, [fiscalYears.data]);
  return {
    from: explicit ? from : (currentYear?.start_date ?? null),
    to: explicit ? to : (currentYear?.end_date ?? null),
    explicit,
    currentYear,
    ready: explicit || !fiscalYears.isPending,
  };
}

/** 仕訳帳's data hook for the ResourceList kit (newest first unless order=asc). */
export function journalListHook(companyId: number | null): ListDataHook<JournalEntry> {
  return function useJournalPage(p) {
    const period = useJournalPeriod(companyId, {
      from: filterParam(p, 'from'),
      to: filterParam(p, 'to'),
      period: filterParam(p, 'period'),
    });
    const accountId = Number(filterParam(p, 'account_id'));
    const params: EntryListParams = {
      keyword: p.keyword,
      page: p.page,
      from: period.from,
      to: period.to,
      account_id: Number.isInteger(accountId) && accountId > 0 ? accountId : null,
      company_id: companyId,
      sort_dir: filterParam(p, 'order') === 'asc' ? 'asc' : 'desc',
    };
    return useEntryList(params, period.ready);
  };
}

export function useEntryList(params: EntryListParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: accountingKeys.entryList(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<JournalEntry>>(ENTRIES_PATH, {
        query: { ...params, per_page: ENTRY_PER_PAGE, sort_by: 'date' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useEntry(id: number | null) {
  return useQuery({
    queryKey: accountingKeys.entry(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: JournalEntry }>(`${ENTRIES_PATH}/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    meta: { silent: true },
    staleTime: 0,
  });
}

function useInvalidateBooks() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accountingKeys.entries() }),
      client.invalidateQueries({ queryKey: accountingKeys.books() }),
    ]);
}

export function useSaveEntry(id: number | null) {
  const invalidate = useInvalidateBooks();
  return useMutation({
    /** An edit carries the `updated_at` it read (409 when someone saved the entry since). */
    mutationFn: (body: JournalEntryInput & { updated_at?: string }) =>
      (id === null
        ? api.post<{ data: JournalEntry }>(ENTRIES_PATH, body)
        : api.put<{ data: JournalEntry }>(`${ENTRIES_PATH}/${id}`, body)
      ).then((r) => r.data),
    meta: { silent: true },
    onSuccess: () => invalidate(),
  });
}

export function useDeleteEntry() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${ENTRIES_PATH}/${id}`),
    onSuccess: () => invalidate(),
  });
}

export function useReverseEntry() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: JournalEntry }>(`${ENTRIES_PATH}/${id}/reverse`).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export interface LedgerParams {
  account_id: number | null;
  /** 取引先別: that customer's lines only (omitted: all). */
  customer_id?: number | null;
  from: string | null;
  to: string | null;
  page: number;
  company_id: number | null;
}

export function useLedger(params: LedgerParams) {
  return useQuery({
    queryKey: accountingKeys.ledger(params),
    queryFn: ({ signal }) => api.get<LedgerPage>(LEDGER_PATH, { query: { ...params }, signal }),
    enabled: params.account_id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTrialBalance(params: { from: string | null; to: string | null; company_id: number | null }) {
  return useQuery<TrialBalance>({
    queryKey: accountingKeys.trialBalance(params),
    queryFn: ({ signal }) =>
      api.get<{ data: TrialBalance }>(TRIAL_BALANCE_PATH, { query: { ...params }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

/** 月次推移試算表: per account one figure a month (BS month-end balances, PL each month's amount). */
export function useMonthlyTrialBalance(
  params: { from: string | null; to: string | null; company_id: number | null },
  enabled: boolean,
) {
  return useQuery<MonthlyTrialBalance>({
    queryKey: [...accountingKeys.trialBalance(params), 'monthly'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: MonthlyTrialBalance }>(`${TRIAL_BALANCE_PATH}/monthly`, { query: { ...params }, signal })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const FISCAL_YEARS_PATH = '/api/company/fiscal-years';
export const PERIOD_LOCKS_PATH = '/api/company/period-locks';

export function useFiscalYears(companyId: number | null = null) {
  return useQuery({
    queryKey: [...accountingKeys.all, 'fiscal-years', companyId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: FiscalYear[] }>(FISCAL_YEARS_PATH, { query: { company_id: companyId }, signal })
        .then((r) => r.data),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** A statement call (`{ data: Statement }`); omitted from/to → the server's current fiscal year. */
export function useStatement<T>(
  path: string,
  params: { from: string | null; to: string | null; company_id: number | null },
) {
  return useQuery<T>({
    queryKey: accountingKeys.statement(path, params),
    queryFn: ({ signal }) => api.get<{ data: T }>(path, { query: { ...params }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

/** 経理方式 and rounding (GET /api/company/accounting-settings): the journal form's tax split. */
export function useAccountingSettings(enabled = true) {
  return useQuery({
    queryKey: [...accountingKeys.all, 'settings'],
    queryFn: ({ signal }) =>
      api.get<{ data: AccountingSettings }>('/api/company/accounting-settings', { signal }).then((r) => r.data),
    staleTime: 60_000,
    enabled,
    meta: { silent: true },
  });
}

/** Creates (id null) or edits an account of the chart; an edit sends back the row's updated_at. */
export const saveAccount = (id: number | null, body: object) =>
  (id === null
    ? api.post<{ data: Account }>(ACCOUNTS_PATH, body)
    : api.put<{ data: Account }>(`${ACCOUNTS_PATH}/${id}`, body)
  ).then((r) => r.data);

/** The company's period locks (締め). */
export function fetchPeriodLocks(signal?: AbortSignal) {
  return api.get<{ data: PeriodLock[] }>(PERIOD_LOCKS_PATH, { signal }).then((r) => r.data);
}

/** A write of /fiscal-years (close a year, lock or unlock a period…): POST with a body or DELETE. */
export function booksWrite({ method, path, body }: { method: 'post' | 'delete'; path: string; body?: object }) {
  return method === 'post' ? api.post(path, body) : api.delete(path);
}

/** booksWrite as a mutation; every accounting query is read again after it. */
export function useBooksWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: booksWrite,
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.all }),
    meta: { silent: true },
  });
}

/** The year a 422 offers to create (a date just past the last fiscal year): `next_fiscal_year` of its body. */
export function nextFiscalYearOf(body: unknown): { start_date: string; end_date: string } | null {
  const next = (body as { next_fiscal_year?: { start_date?: unknown; end_date?: unknown } | null } | null)
    ?.next_fiscal_year;
  return next && typeof next.start_date === 'string' && typeof next.end_date === 'string'
    ? { start_date: next.start_date, end_date: next.end_date }
    : null;
}

export const JOURNAL_IMPORT_PATH = `${ENTRIES_PATH}/import`;

/** 仕訳帳 ← CSV (multipart `file`); `dryRun` only checks it. Answers what was (or would be) imported. */
export function importJournalCsv(body: FormData, dryRun: boolean) {
  return api.post<{ data: JournalImportResult }>(JOURNAL_IMPORT_PATH, body, {
    query: dryRun ? { dry_run: 1 } : undefined,
  });
}

/** One month's income-statement totals (the statement charts; no progress bar). */
export function fetchStatementTotals(
  path: string,
  params: { from: string; to: string; compare: number; company_id: number | null },
  signal: AbortSignal,
) {
  return api
    .get<{ data: IncomeStatement }>(path, { query: params, signal, progress: false })
    .then((r) => r.data.totals);
}
