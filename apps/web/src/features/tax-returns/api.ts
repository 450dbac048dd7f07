import type { TaxAdjustment, TaxReturn, TaxReturnInputs, TaxReturnSettings } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { readJson, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/** Calls of 確定申告書 (issue 15): GET/PUT …/{fiscal_year_id}, POST …/fill, …/post-entry, GET …/pdf. */
export const TAX_RETURNS_PATH = '/api/company/tax-returns';
export const TAX_RETURN_SETTINGS_PATH = '/api/company/tax-return-settings';
export const taxReturnPath = (fyId: number, suffix = '') => `${TAX_RETURNS_PATH}/${fyId}${suffix}`;

export const taxReturnKeys = {
  all: ['tax-returns'] as const,
  one: (fyId: number) => [...taxReturnKeys.all, fyId] as const,
  settings: () => [...taxReturnKeys.all, 'settings'] as const,
};

export function useTaxReturn(fyId: number | null) {
  return useQuery({
    queryKey: taxReturnKeys.one(fyId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: TaxReturn }>(taxReturnPath(fyId as number), { signal }).then((r) => r.data),
    enabled: fyId !== null,
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useTaxReturnSettings() {
  return useQuery({
    queryKey: taxReturnKeys.settings(),
    queryFn: ({ signal }) =>
      api.get<{ data: TaxReturnSettings }>(TAX_RETURN_SETTINGS_PATH, { signal }).then((r) => r.data),
    meta: { silent: true },
  });
}

/** What the form edits and saves (PUT body without updated_at). */
export interface TaxReturnDraft {
  form: Record<string, string>;
  overrides: Record<string, number>;
  adjustments: TaxAdjustment[];
  inputs: TaxReturnInputs;
}

/** The draft as kept in browser storage: the server version it was based on, and whether it is saved. */
export interface StoredDraft extends TaxReturnDraft {
  updated_at: string | null;
  dirty: boolean;
}

export function draftOf(t: TaxReturn): TaxReturnDraft {
  return { form: t.form, overrides: t.overrides, adjustments: t.adjustments, inputs: t.inputs };
}

/** Reads the stored draft of a fiscal year (SPEC §3: kept in browser storage on every update). */
export function readStoredDraft(fyId: number): StoredDraft | null {
  const all = readJson<Record<string, StoredDraft>>(STORAGE_KEYS.kakuteiFormData);
  return all?.[String(fyId)] ?? null;
}

export function writeStoredDraft(fyId: number, draft: StoredDraft): void {
  const all = readJson<Record<string, StoredDraft>>(STORAGE_KEYS.kakuteiFormData) ?? {};
  all[String(fyId)] = draft;
  writeStorage(STORAGE_KEYS.kakuteiFormData, JSON.stringify(all));
}

/** 帳簿から作成: the draft filled from the books and the company profile. */
export const fillTaxReturn = (fyId: number) =>
  api.post<{ data: TaxReturn }>(taxReturnPath(fyId, '/fill'), {}).then((r) => r.data);
export const fetchTaxReturn = (fyId: number) => api.get<{ data: TaxReturn }>(taxReturnPath(fyId)).then((r) => r.data);
/** 法人税等の仕訳: the entry posted from the stored return (its version sent back). */
export const postTaxReturnEntry = (fyId: number, body: { amount: number; updated_at: string | null }) =>
  api.post<{ data: TaxReturn }>(taxReturnPath(fyId, '/post-entry'), body).then((r) => r.data);
export const saveTaxReturnSettings = (body: object) => api.put(TAX_RETURN_SETTINGS_PATH, body);

/** Saves the draft of one fiscal year's return with the version it was read at; answers the saved return. */
export const saveTaxReturn = (fyId: number, body: TaxReturnDraft & { updated_at: string | null }) =>
  api.put<{ data: TaxReturn }>(taxReturnPath(fyId), body);
