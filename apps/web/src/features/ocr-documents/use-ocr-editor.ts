import type { OcrDocumentDetail, OcrFieldKey } from '@chobo/core';
import { useState } from 'react';
import { type DuplicateMatch, duplicateOf } from '../../components/DuplicateDocumentAlert';
import { ApiError, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useConfirm, useSaveCorrections } from './api';
import { changes, type FormValues, initialValues } from './ocr-form-values';

export type SupplierMode = 'match' | 'existing' | 'new';

/**
 * The editor's state over one version of an OCR result: the values, the focused field (its box shown on
 * its page), the errors of the last answer, the supplier chosen; 修正を保存 and 確定 (which saves first).
 */
export function useOcrEditor(d: OcrDocumentDetail) {
  // the Editor is keyed by updated_at: a saved version starts from what the server holds
  const [initial] = useState(() => initialValues(d));
  const [v, setV] = useState<FormValues>(initial);
  const [focused, setFocused] = useState<OcrFieldKey | null>(null);
  const [page, setPage] = useState(d.pages[0]?.page ?? 1);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [mode, setMode] = useState<SupplierMode>(d.supplier_match ? 'match' : 'new');
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [newName, setNewName] = useState(initial.issuer_name);
  // 確定 matched a registered 発注取引 (409 duplicate_of): shown, and 確定 again only when the user says so
  const [duplicate, setDuplicate] = useState<DuplicateMatch | null>(null);
  // what 確定 posts to: the suggested expense account (the supplier's last, or the document's words) and 支払方法
  const [accountId, setAccountId] = useState<number | null>(d.suggested_account?.account_id ?? null);
  const [paymentMethod, setPaymentMethod] = useState('1');
  const save = useSaveCorrections(d.id);
  const confirm = useConfirm(d.id);
  const registered = d.status === 4;

  const set = <K extends keyof FormValues>(k: K, value: FormValues[K]) => setV((x) => ({ ...x, [k]: value }));
  const focusProps = (k: OcrFieldKey) => ({
    onFocus: () => {
      setFocused(k);
      const b = d.fields?.[k]?.box;
      if (b) setPage(b.page);
    },
  });
  const err = (k: string) => (errors[`fields.${k}`] ?? errors[k])?.[0];
  const box = focused ? (d.fields?.[focused]?.box ?? null) : null;
  const diff = changes(initial, v);
  const dirty = Object.keys(diff ?? {}).length > 0;

  const saveChanges = async (): Promise<string> => {
    if (!dirty) return d.updated_at;
    const saved = await save.mutateAsync({ fields: diff, updated_at: d.updated_at });
    return saved.updated_at;
  };
  const onError = (e: unknown) => {
    if (e instanceof ApiError && e.status === 422) setErrors(e.errors);
    notifyError(errorMessage(e));
  };
  const onSave = async () => {
    setErrors({});
    try {
      await saveChanges();
      notifySuccess('修正を保存しました');
    } catch (e) {
      onError(e);
    }
  };
  const onConfirm = async (opts: { confirmDuplicate?: boolean } = {}) => {
    setErrors({});
    setDuplicate(null);
    try {
      const updatedAt = await saveChanges();
      await confirm.mutateAsync({
        updated_at: updatedAt,
        customer_id:
          mode === 'match' ? (d.supplier_match?.customer_id ?? null) : mode === 'existing' ? Number(customerId) : null,
        new_customer:
          mode === 'new'
            ? {
                name: newName,
                registration_number: v.registration_number || null,
                tel: v.phone || null,
              }
            : null,
        account_id: accountId,
        payment_method: Number(paymentMethod),
        ...(opts.confirmDuplicate ? { confirm_duplicate: true } : {}),
      });
      notifySuccess('発注取引として登録しました');
    } catch (e) {
      const match = duplicateOf(e);
      if (match) setDuplicate(match);
      else onError(e);
    }
  };

  return {
    v,
    set,
    focusProps,
    err,
    errors,
    box,
    page,
    setPage,
    dirty,
    registered,
    supplier: { mode, setMode, customerId, setCustomerId, newName, setNewName },
    posting: { accountId, setAccountId, paymentMethod, setPaymentMethod },
    onSave,
    onConfirm,
    duplicate,
    saving: save.isPending,
    confirming: confirm.isPending,
  };
}

export type OcrEditorState = ReturnType<typeof useOcrEditor>;
