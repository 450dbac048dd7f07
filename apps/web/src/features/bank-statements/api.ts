import type {
  BankConfirmInput,
  BankConfirmResult,
  BankCsvMapping,
  BankCsvMappingInput,
  BankDryRun,
  BankImport,
  BankImportDetail,
  BankRowEdit,
  BankRowEditInput,
  BankRule,
  BankRuleInput,
  CompanyBankAccount,
  CompanyBankAccountInput,
  TransferSettings,
  TransferSettingsInput,
} from '@chobo/core';
import { type Paginated, pageMeta } from '@chobo/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListDataHook } from '../../components/resource-list';
import { api } from '../../lib/api';

/** react-query hooks of 銀行の取引明細取り込み (docs/product/PRODUCT.md §4). */
export const bankKeys = {
  all: ['bank-statements'] as const,
  accounts: () => [...bankKeys.all, 'accounts'] as const,
  imports: () => [...bankKeys.all, 'imports'] as const,
  detail: (id: number, params: object) => [...bankKeys.all, 'detail', id, params] as const,
  rules: () => [...bankKeys.all, 'rules'] as const,
  mappings: () => [...bankKeys.all, 'mappings'] as const,
};

export function useBankAccounts() {
  return useQuery({
    queryKey: bankKeys.accounts(),
    queryFn: ({ signal }) =>
      api.get<{ data: CompanyBankAccount[] }>('/api/company/bank-accounts', { signal }).then((r) => r.data),
  });
}

export function useCreateBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: CompanyBankAccountInput) =>
      api.post<{ data: CompanyBankAccount }>('/api/company/bank-accounts', values).then((r) => r.data),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: bankKeys.accounts() }),
  });
}

export function useImports() {
  return useQuery({
    queryKey: bankKeys.imports(),
    queryFn: ({ signal }) => api.get<{ data: BankImport[] }>('/api/bank-statements', { signal }).then((r) => r.data),
    // a large file is stored by a job: poll while one is in progress
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'processing') ? 1500 : false),
  });
}

/** The import history as one page, for the ResourceList kit (the server answers every import at once). */
export const useImportsPage: ListDataHook<BankImport> = () =>
  useQuery({
    queryKey: bankKeys.imports(),
    queryFn: ({ signal }) => api.get<{ data: BankImport[] }>('/api/bank-statements', { signal }).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'processing') ? 1500 : false),
    select: (data): Paginated<BankImport> => ({
      data,
      meta: pageMeta(data.length, 1, Math.max(1, data.length), data.length),
    }),
  });

export interface DetailParams {
  page: number;
  status: string | null;
  keyword: string;
}

/** One import with a page of its rows (the page's header and its rows list read the same query). */
export function importDetailQuery(id: number, params: DetailParams) {
  return queryOptions({
    queryKey: bankKeys.detail(id, params),
    queryFn: ({ signal }) =>
      api
        .get<{ data: BankImportDetail }>(`/api/bank-statements/${id}`, {
          query: { page: params.page, per_page: 100, status: params.status, keyword: params.keyword || null },
          signal,
        })
        .then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? 1500 : false),
  });
}

export function useImportDetail(id: number, params: DetailParams) {
  return useQuery(importDetailQuery(id, params));
}

export function uploadStatement(
  file: File,
  fields: { bank_account_id: number; format: string },
  dryRun: boolean,
): Promise<BankDryRun | BankImport> {
  const body = new FormData();
  body.append('bank_account_id', String(fields.bank_account_id));
  body.append('format', fields.format);
  body.append('file', file);
  return api
    .post<{ data: BankDryRun | BankImport }>('/api/bank-statements', body, { query: { dry_run: dryRun ? 1 : null } })
    .then((r) => r.data);
}

export function useConfirmRows(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankConfirmInput) =>
      api.post<{ data: BankConfirmResult }>(`/api/bank-statements/${id}/confirm`, body).then((r) => r.data),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

export function useRevertImport(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api
        .post<{ data: { removed_rows: number; withdrawn_entries: number; kept_entries: number } }>(
          `/api/bank-statements/${id}/revert`,
        )
        .then((r) => r.data),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

export function useCreateRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: BankRuleInput) =>
      api.post<{ data: BankRule }>('/api/company/bank-rules', values).then((r) => r.data),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

export function useAccountsList() {
  return useQuery({
    queryKey: ['accounts', 'bank-select'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: { id: number; code: string; name: string; is_active: boolean }[] }>('/api/company/accounts', {
          signal,
        })
        .then((r) => r.data.filter((a) => a.is_active)),
    staleTime: 60_000,
  });
}

export function useRules() {
  return useQuery({
    queryKey: bankKeys.rules(),
    queryFn: ({ signal }) => api.get<{ data: BankRule[] }>('/api/company/bank-rules', { signal }).then((r) => r.data),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/company/bank-rules/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

export function useUpdateRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: BankRuleInput & { id: number; updated_at: string }) =>
      api.put<{ data: BankRule }>(`/api/company/bank-rules/${id}`, values).then((r) => r.data),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

export interface RulePreview {
  total: number;
  rows: {
    id: number;
    date: string;
    direction: 'in' | 'out';
    amount: number;
    description: string;
    lines: { account_id: number; amount: number; description: string }[];
  }[];
}

export function previewRule(values: BankRuleInput): Promise<RulePreview> {
  return api.post<{ data: RulePreview }>('/api/company/bank-rules/preview', values).then((r) => r.data);
}

export function useUpdateBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: CompanyBankAccountInput & { id: number; updated_at: string }) =>
      api.put<{ data: CompanyBankAccount }>(`/api/company/bank-accounts/${id}`, values).then((r) => r.data),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.accounts() }),
  });
}

export function useDeleteBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/company/bank-accounts/${id}`),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.accounts() }),
  });
}

export function useMappings() {
  return useQuery({
    queryKey: bankKeys.mappings(),
    queryFn: ({ signal }) =>
      api.get<{ data: BankCsvMapping[] }>('/api/company/bank-csv-mappings', { signal }).then((r) => r.data),
  });
}

export function useSaveMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: BankCsvMappingInput & { id?: number; updated_at?: string }) =>
      (id
        ? api.put<{ data: BankCsvMapping }>(`/api/company/bank-csv-mappings/${id}`, values)
        : api.post<{ data: BankCsvMapping }>('/api/company/bank-csv-mappings', values)
      ).then((r) => r.data),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.mappings() }),
  });
}

export function useDeleteMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/company/bank-csv-mappings/${id}`),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.mappings() }),
  });
}

export function useEditRow(importId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rowId, ...values }: BankRowEditInput & { rowId: number; updated_at: string }) =>
      api.put<{ data: BankRowEdit }>(`/api/bank-statements/${importId}/rows/${rowId}`, values).then((r) => r.data),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: [...bankKeys.all, 'detail', importId] }),
  });
}

/** The bank account's 全銀 transfer settings (GET/PUT /api/company/bank-accounts/{id}/transfer-settings). */
export function useTransferSettings(bankAccountId: number) {
  return useQuery({
    queryKey: [...bankKeys.accounts(), bankAccountId, 'transfer-settings'] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: TransferSettings }>(`/api/company/bank-accounts/${bankAccountId}/transfer-settings`, { signal })
        .then((r) => r.data),
  });
}

export function useSaveTransferSettings(bankAccountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: TransferSettingsInput) =>
      api
        .put<{ data: TransferSettings }>(`/api/company/bank-accounts/${bankAccountId}/transfer-settings`, values)
        .then((r) => r.data),
    meta: { silent: true },
    // the settings move the bank account's version
    onSettled: () => client.invalidateQueries({ queryKey: bankKeys.accounts() }),
  });
}
