import { todayInTokyo } from '@chobo/core';
import { Alert, Button, Group, Kbd, Paper, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { JournalEntryHeader, TaxInputModeControl } from './JournalEntryHeader';
import { JournalLinesTable } from './JournalLinesTable';
import { JournalEntrySummary, TaxSplitPreview } from './JournalTotals';
import { type EntryFormValues, emptyLine, linesError } from './journal-form-values';
import { NextFiscalYearOffer } from './NextFiscalYearOffer';
import type { Account, JournalEntryInput } from './types';
import { useJournalForm } from './use-journal-form';

export const NEW_ENTRY_VALUES = (): EntryFormValues => ({
  date: todayInTokyo(),
  description: '',
  lines: [emptyLine(), emptyLine()],
});

/**
 * The 仕訳 entry form of /company/accountings_bk/create and /edit: keyboard first. It opens with the focus
 * in 日付; Tab walks 摘要, then 勘定科目 → 借方 → 貸方 → 税区分 → 摘要 of each line; Enter on the last line adds a line pre-filled with the amount that
 * balances the entry; Ctrl+Enter saves. 借方合計 / 貸方合計 / 差額 are shown live and saving waits until
 * they agree. Server 422 errors appear under their fields. The state and the keys: use-journal-form.ts.
 */
export function JournalForm({
  accounts,
  defaultValues,
  submitLabel,
  onSubmit,
  backTo,
  readOnly = false,
  splitTax = false,
}: {
  accounts: Account[];
  defaultValues: EntryFormValues;
  submitLabel: string;
  onSubmit: (body: JournalEntryInput) => Promise<unknown>;
  backTo: string;
  readOnly?: boolean;
  /** New entries under 税抜経理: taxable lines split into net + 仮払/仮受消費税等 (税込入力 / 税抜入力). */
  splitTax?: boolean;
}) {
  const state = useJournalForm({ accounts, defaultValues, onSubmit, readOnly, splitTax });
  const { form, errors, split, taxes } = state;
  const linesMessage = linesError(errors);
  // keyboard first: the form opens with the cursor in 日付 (its text selected, to type over)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    if (!readOnly) form.setFocus('date', { shouldSelect: true });
  }, []);

  return (
    <form onSubmit={state.submit} onKeyDown={state.onFormKey} noValidate aria-label="仕訳入力">
      <Paper withBorder radius="md" p="md">
        <JournalEntryHeader form={form} errors={errors} readOnly={readOnly} />
        {split && <TaxInputModeControl value={state.inputMode} onChange={state.setInputMode} />}
        <JournalLinesTable state={state} accounts={accounts} readOnly={readOnly} />
        {split && taxes.length > 0 && (
          <TaxSplitPreview
            taxes={taxes}
            inputMode={state.inputMode}
            lineAccountName={(i) => state.nameOf(form.getValues(`lines.${i}.account_id`))}
            accountName={(id) => state.accountById.get(id)?.name}
          />
        )}
        {linesMessage && (
          <Text c="danger" size="sm" mt={6} role="alert">
            {linesMessage}
          </Text>
        )}
        <JournalEntrySummary names={state.names} addLine={state.addLine} readOnly={readOnly} />
      </Paper>

      {errors.root?.server?.message && (
        <Alert color="danger" icon={<IconAlertCircle size={16} />} mt="md" role="alert">
          {errors.root.server.message}
        </Alert>
      )}

      {state.nextYear && !readOnly && (
        <NextFiscalYearOffer year={state.nextYear} onCreated={() => void state.submit()} />
      )}

      <JournalFormActions
        backTo={backTo}
        readOnly={readOnly}
        submitLabel={submitLabel}
        submitting={state.isSubmitting}
        balanced={state.totals.balanced}
      />
    </form>
  );
}

/** The keys hint, キャンセル (戻る when read only) and the submit, enabled once the entry balances. */
function JournalFormActions({
  backTo,
  readOnly,
  submitLabel,
  submitting,
  balanced,
}: {
  backTo: string;
  readOnly: boolean;
  submitLabel: string;
  submitting: boolean;
  balanced: boolean;
}) {
  return (
    <Group justify="space-between" mt="md">
      <Text size="xs" c="dimmed" style={{ visibility: readOnly ? 'hidden' : undefined }}>
        <Kbd size="xs">Tab</Kbd> 次の項目 ・ <Kbd size="xs">Enter</Kbd> 最終行で行を追加 ・ <Kbd size="xs">Ctrl</Kbd>+
        <Kbd size="xs">Enter</Kbd> 保存
      </Text>
      <Group gap="sm">
        <Button component={Link} to={backTo} variant="default">
          {readOnly ? '戻る' : 'キャンセル'}
        </Button>
        {!readOnly && (
          <Button type="submit" loading={submitting} disabled={!balanced}>
            {submitLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
