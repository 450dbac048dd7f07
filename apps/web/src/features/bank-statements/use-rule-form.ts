import type { BankRule } from '@chobo/core';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useAccounts } from '../accounting/api';
import { previewRule, type RulePreview, useCreateRule, useUpdateRule } from './api';
import { localErrors, type RuleValues, ruleInput, ruleValues, type SplitValues, splitCheck } from './rule-values';

/**
 * The rule form's state: the values (any change drops the preview), the errors, the sample amount the
 * splits are tried on; プレビュー and 保存 check locally first, then ask the server.
 */
export function useRuleForm(rule: BankRule | null, initial: Partial<BankRule> | undefined, onDone: () => void) {
  const accounts = useAccounts();
  const create = useCreateRule();
  const update = useUpdateRule();
  const [v, setV] = useState<RuleValues>(() => ruleValues(rule ?? initial));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sample, setSample] = useState<number | ''>(rule?.amount_min || initial?.amount_min || 10_000);
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const list = accounts.data ?? [];
  const nameOf = (id: number) => list.find((a) => a.id === id)?.name ?? '';
  const set = <K extends keyof RuleValues>(k: K, value: RuleValues[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    setPreview(null);
  };
  const setSplit = (key: number, patch: Partial<SplitValues>) =>
    set(
      'splits',
      v.splits.map((s) => (s.key === key ? { ...s, ...patch } : s)),
    );
  const err = (k: string) => errors[k]?.[0];
  const check = splitCheck(Number(sample || 0), v.splits);

  /** The account chosen: its default tax category comes with it. */
  const setAccount = (id: number | null) => {
    const t = list.find((a) => a.id === id)?.default_tax_category;
    setV((prev) => ({ ...prev, account_id: id, tax_category: t ?? prev.tax_category }));
    setPreview(null);
  };
  const local = () => localErrors(v, check);
  const serverErrors = (e: unknown) => {
    const fe = isApiError(e) ? { ...e.errors } : {};
    // the server names the text condition by its field
    if (fe.description_contains || fe.description_regex)
      fe.text = [...(fe.description_contains ?? []), ...(fe.description_regex ?? [])];
    setErrors(Object.keys(fe).length ? fe : { _: [errorMessage(e)] });
  };

  const runPreview = async () => {
    const e = local();
    setErrors(e);
    if (Object.keys(e).length) return;
    setPreviewing(true);
    try {
      setPreview(await previewRule(ruleInput(v)));
    } catch (x) {
      serverErrors(x);
    } finally {
      setPreviewing(false);
    }
  };
  const save = async () => {
    const e = local();
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      if (rule) await update.mutateAsync({ ...ruleInput(v), id: rule.id, updated_at: rule.updated_at });
      else await create.mutateAsync(ruleInput(v));
      notifySuccess(rule ? '自動仕訳ルールを更新しました' : '自動仕訳ルールを保存しました');
      onDone();
    } catch (x) {
      serverErrors(x);
    }
  };

  return {
    v,
    set,
    setSplit,
    setAccount,
    err,
    errors,
    list,
    nameOf,
    sample,
    setSample,
    check,
    preview,
    previewing,
    runPreview,
    save,
    saving: create.isPending || update.isPending,
  };
}

export type RuleFormState = ReturnType<typeof useRuleForm>;
