import { journalEntryInput } from '@chobo/core';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { handleFormError, setServerErrors } from '../../lib/form-errors';
import { nextFiscalYearOf, useAccountingSettings } from './api';
import {
  balancingLine,
  contractErrors,
  type EntryFormValues,
  entryPreview,
  fieldNames,
  remapLineErrors,
  sideNames,
  type TaxSplit,
  taxAccounts,
  toBody,
} from './journal-form-values';
import type { Account, JournalEntryInput } from './types';

export type TaxInputMode = 'inclusive' | 'exclusive';

export interface JournalFormOptions {
  accounts: Account[];
  defaultValues: EntryFormValues;
  onSubmit: (body: JournalEntryInput) => Promise<unknown>;
  readOnly: boolean;
  /** New entries under 税抜経理: taxable lines split into net + 仮払/仮受消費税等 (税込入力 / 税抜入力). */
  splitTax: boolean;
}

/**
 * 税抜経理's split of the new entry form: on when the company keeps its books 税抜 (the accounting settings
 * say so), with the 税込入力 / 税抜入力 choice the form offers.
 */
function useTaxSplit(accounts: Account[], enabled: boolean) {
  const settings = useAccountingSettings(enabled).data;
  const [inputMode, setInputMode] = useState<TaxInputMode>('inclusive');
  const split: TaxSplit | null = useMemo(
    () =>
      enabled && settings?.accounting_method === 'exclusive'
        ? { mode: inputMode, rounding: settings.tax_rounding, ...taxAccounts(accounts) }
        : null,
    [enabled, settings, inputMode, accounts],
  );
  return { split, inputMode, setInputMode };
}

/**
 * The state of the 仕訳 entry form: the react-hook-form form and its lines, the live totals (after the tax
 * split), the submit (the shared contract first, then the server's 422 under their fields) and the keyboard:
 * Enter on a line moves to the next line or, on the last, adds a balancing one; Ctrl+Enter saves, or, while
 * the entry does not balance, says why (`blocked`).
 */
export function useJournalForm({ accounts, defaultValues, onSubmit, readOnly, splitTax }: JournalFormOptions) {
  const form = useForm<EntryFormValues>({ defaultValues, mode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const watched = useWatch({ control: form.control, name: 'lines' }) ?? [];
  const accountById = useMemo(() => new Map(accounts.map((a) => [a.id, a])), [accounts]);
  const { split, inputMode, setInputMode } = useTaxSplit(accounts, splitTax && !readOnly);
  const watchedDate = useWatch({ control: form.control, name: 'date' }) ?? '';
  const { totals, taxes } = entryPreview(watched, split, watchedDate);

  const nameOf = (id: number | null) => (id === null ? null : (accountById.get(id)?.name ?? null));
  const names = sideNames(watched, nameOf);

  // a date just past the last fiscal year: the 422 offers the next year (NextFiscalYearOffer)
  const [nextYear, setNextYear] = useState<ReturnType<typeof nextFiscalYearOf>>(null);

  const submit = form.handleSubmit(async (values) => {
    setNextYear(null);
    const { body, formIndex } = toBody(values, split);
    // the shared contract first: the same messages the server would answer with
    const checked = journalEntryInput.safeParse(body);
    if (!checked.success) {
      setServerErrors(
        form,
        remapLineErrors(contractErrors(checked.error.issues), formIndex),
        fieldNames(values.lines.length),
      );
      return;
    }
    try {
      await onSubmit(body);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setNextYear(nextFiscalYearOf(error.body));
        setServerErrors(form, remapLineErrors(error.errors, formIndex), fieldNames(values.lines.length), error.message);
        return;
      }
      handleFormError(form, error, []);
    }
  });

  const addLine = () => {
    const current = form.getValues('lines');
    lines.append(balancingLine(entryPreview(current, split).totals), {
      focusName: `lines.${current.length}.account_id`,
    });
  };

  const onLineKey = (event: KeyboardEvent<HTMLElement>, index: number) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) return; // handled by the form
    event.preventDefault();
    if (index === form.getValues('lines').length - 1) addLine();
    else form.setFocus(`lines.${index + 1}.account_id`);
  };

  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (totals.balanced) setBlocked(false);
  }, [totals.balanced]);

  const onFormKey = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (readOnly) return;
      if (totals.balanced) void submit();
      else setBlocked(true);
    }
  };

  return {
    form,
    errors,
    isSubmitting,
    lines,
    accountById,
    nameOf,
    names,
    split,
    inputMode,
    setInputMode,
    totals,
    taxes,
    blocked,
    nextYear,
    submit,
    addLine,
    onLineKey,
    onFormKey,
  };
}

export type JournalFormState = ReturnType<typeof useJournalForm>;
