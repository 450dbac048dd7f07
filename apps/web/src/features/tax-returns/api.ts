import type {
  ConsumptionTaxDraftInputs,
  ConsumptionTaxReturn,
  ConsumptionTaxSettings,
  TaxAdjustment,
  TaxReturn,
  TaxReturnInputs,
  TaxReturnSettings,
} from '@chobo/core';
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

// ───────────────────────── 消費税の確定申告 (issue 27) ─────────────────────────

export const CTAX_PATH = '/api/company/consumption-tax-returns';
export const CTAX_SETTINGS_PATH = '/api/company/consumption-tax-settings';
export const ctaxPath = (fyId: number, suffix = '') => `${CTAX_PATH}/${fyId}${suffix}`;
export const ctaxKeys = {
  all: ['consumption-tax'] as const,
  one: (fyId: number) => [...ctaxKeys.all, fyId] as const,
  settings: () => [...ctaxKeys.all, 'settings'] as const,
};

/** The stored draft of a fiscal year, computed (the settings' defaults when nothing is saved). */
export function useConsumptionTaxReturn(fyId: number | null) {
  return useQuery({
    queryKey: ctaxKeys.one(fyId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: ConsumptionTaxReturn }>(ctaxPath(fyId as number), { signal }).then((r) => r.data),
    enabled: fyId !== null,
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useConsumptionTaxSettings() {
  return useQuery({
    queryKey: ctaxKeys.settings(),
    queryFn: ({ signal }) =>
      api.get<{ data: ConsumptionTaxSettings }>(CTAX_SETTINGS_PATH, { signal }).then((r) => r.data),
    meta: { silent: true },
  });
}

/** 帳簿から作成: the inputs from the books (journal lines by 税区分, the invoices' and documents' tax). */
export const fillConsumptionTax = (fyId: number, updated_at: string | null) =>
  api.post<{ data: ConsumptionTaxReturn }>(ctaxPath(fyId, '/fill'), { updated_at }).then((r) => r.data);
/** Saves the year's inputs with the version they were read at (stale → 409, refused method → 422). */
export const saveConsumptionTax = (
  fyId: number,
  body: { inputs: ConsumptionTaxDraftInputs; updated_at: string | null },
) => api.put<{ data: ConsumptionTaxReturn }>(ctaxPath(fyId), body).then((r) => r.data);
/** The settlement entry (仮受・仮払消費税等 → 未払消費税等), posted on confirmation. */
export const postConsumptionTaxEntry = (fyId: number, body: { total_payable: number; updated_at: string }) =>
  api.post<{ data: ConsumptionTaxReturn }>(ctaxPath(fyId, '/post-entry'), body).then((r) => r.data);
export const saveConsumptionTaxSettings = (body: ConsumptionTaxSettingsBody) =>
  api.put<{ data: ConsumptionTaxSettings }>(CTAX_SETTINGS_PATH, body).then((r) => r.data);
export type ConsumptionTaxSettingsBody = Omit<ConsumptionTaxSettings, 'is_default' | 'updated_at'> & {
  updated_at: string | null;
};
