import { JOURNAL_TAX_CATEGORIES, journalEntryInput, todayInTokyo } from '@chobo/core';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { Controller, type FieldErrors, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { DateField } from '../../components/fields/DateField';
import { ApiError } from '../../lib/api';
import { handleFormError, setServerErrors } from '../../lib/form-errors';
import { AccountSelect } from './AccountSelect';
import { useAccountingSettings } from './api';
import { formatAmount } from './format';
import {
  type EntryFormValues,
  emptyLine,
  remapLineErrors,
  sideSummary,
  type TaxSplit,
  taxAccounts,
  toBody,
  totalsOf,
  totalsOfBody,
} from './journal-form-values';
import type { Account, JournalEntryInput } from './types';

export const NEW_ENTRY_VALUES = (): EntryFormValues => ({
  date: todayInTokyo(),
  description: '',
  lines: [emptyLine(), emptyLine()],
});

const LINE_FIELDS = ['account_id', 'debit', 'credit', 'memo', 'tax_category'] as const;
const TAX_OPTIONS = Object.entries(JOURNAL_TAX_CATEGORIES).map(([value, label]) => ({ value, label }));

function lineError(errors: FieldErrors<EntryFormValues>, index: number, field: (typeof LINE_FIELDS)[number]) {
  return errors.lines?.[index]?.[field]?.message;
}

const amountInputProps = {
  thousandSeparator: ',',
  allowDecimal: false,
  allowNegative: false,
  hideControls: true,
  min: 0,
  max: 999_999_999_999,
  clampBehavior: 'none',
  size: 'sm',
  styles: { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } },
} as const;

/**
 * The 仕訳 entry form of /company/accountings_bk/create and /edit: keyboard first. Tab walks 勘定科目 →
 * 借方 → 貸方 → 摘要 of each line; Enter on the last line adds a line pre-filled with the amount that
 * balances the entry; Ctrl+Enter saves. 借方合計 / 貸方合計 / 差額 are shown live and saving waits until
 * they agree. Server 422 errors appear under their fields.
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
  const form = useForm<EntryFormValues>({ defaultValues, mode: 'onSubmit' });
  const { control, formState, register } = form;
  const { errors, isSubmitting } = formState;
  const lines = useFieldArray({ control, name: 'lines' });
  const watched = useWatch({ control, name: 'lines' });
  const accountById = useMemo(() => new Map(accounts.map((a) => [a.id, a])), [accounts]);
  const settings = useAccountingSettings(splitTax && !readOnly).data;
  const [inputMode, setInputMode] = useState<'inclusive' | 'exclusive'>('inclusive');
  const split: TaxSplit | null = useMemo(
    () =>
      splitTax && !readOnly && settings?.accounting_method === 'exclusive'
        ? { mode: inputMode, rounding: settings.tax_rounding, ...taxAccounts(accounts) }
        : null,
    [splitTax, readOnly, settings, inputMode, accounts],
  );
  const preview = toBody({ date: '', description: '', lines: watched ?? [] }, split);
  const totals = split ? totalsOfBody(preview.body) : totalsOf(watched ?? []);

  const nameOf = (id: number | null) => (id === null ? null : (accountById.get(id)?.name ?? null));
  const debitNames = (watched ?? []).filter((l) => Number(l.debit) > 0).flatMap((l) => nameOf(l.account_id) ?? []);
  const creditNames = (watched ?? []).filter((l) => Number(l.credit) > 0).flatMap((l) => nameOf(l.account_id) ?? []);

  const submit = form.handleSubmit(async (values) => {
    const { body, formIndex } = toBody(values, split);
    // the shared contract first: the same messages the server would answer with
    const checked = journalEntryInput.safeParse(body);
    if (!checked.success) {
      const local: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path.join('.') || 'lines';
        local[key] = [...(local[key] ?? []), issue.message];
      }
      setServerErrors(form, remapLineErrors(local, formIndex), fieldNames(values.lines.length));
      return;
    }
    try {
      await onSubmit(body);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setServerErrors(form, remapLineErrors(error.errors, formIndex), fieldNames(values.lines.length), error.message);
        return;
      }
      handleFormError(form, error, []);
    }
  });

  const addLine = () => {
    const current = form.getValues('lines');
    const t = split
      ? totalsOfBody(toBody({ date: '', description: '', lines: current }, split).body)
      : totalsOf(current);
    const line = emptyLine();
    if (t.difference > 0) line.credit = t.difference;
    else if (t.difference < 0) line.debit = -t.difference;
    lines.append(line, { focusName: `lines.${current.length}.account_id` });
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

  const lineRootError = (errors.lines as { message?: string; root?: { message?: string } } | undefined)?.root?.message
    ? (errors.lines as { root?: { message?: string } }).root?.message
    : (errors.lines as { message?: string } | undefined)?.message;

  return (
    <form onSubmit={submit} onKeyDown={onFormKey} noValidate aria-label="仕訳入力">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-start" gap="md" mb="md" wrap="nowrap">
          <Controller
            control={control}
            name="date"
            render={({ field: f }) => (
              <DateField
                ref={f.ref}
                label="日付"
                withAsterisk
                w={170}
                readOnly={readOnly}
                error={errors.date?.message}
                value={f.value}
                onChange={(v) => {
                  f.onChange(v);
                  form.clearErrors('date');
                }}
                onBlur={f.onBlur}
              />
            )}
          />
          <TextInput
            label="摘要"
            withAsterisk
            placeholder="例: 3月分 事務所家賃"
            style={{ flex: 1 }}
            readOnly={readOnly}
            error={errors.description?.message}
            {...register('description')}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.ctrlKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                form.setFocus('lines.0.account_id');
              }
            }}
          />
        </Group>

        {split && (
          <Group gap="xs" mb="xs" data-testid="tax-input-mode">
            <SegmentedControl
              size="xs"
              aria-label="金額の入力方法"
              value={inputMode}
              onChange={(v) => setInputMode(v === 'exclusive' ? 'exclusive' : 'inclusive')}
              data={[
                { value: 'inclusive', label: '税込入力' },
                { value: 'exclusive', label: '税抜入力' },
              ]}
            />
            <Text size="xs" c="dimmed">
              税抜経理: 課税の税区分の行は消費税を仮払消費税等・仮受消費税等に分けて登録します
            </Text>
          </Group>
        )}
        <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing="xs" aria-label="仕訳行">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={36} ta="center">
                行
              </Table.Th>
              <Table.Th w={250}>勘定科目</Table.Th>
              <Table.Th w={160} ta="right">
                借方金額
              </Table.Th>
              <Table.Th w={160} ta="right">
                貸方金額
              </Table.Th>
              <Table.Th w={150}>税区分</Table.Th>
              <Table.Th>摘要（行）</Table.Th>
              {!readOnly && <Table.Th w={40} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.fields.map((field, index) => (
              <Table.Tr key={field.id} data-testid="entry-line" onKeyDown={(event) => onLineKey(event, index)}>
                <Table.Td ta="center">
                  <Text size="xs" c="dimmed">
                    {index + 1}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Controller
                    control={control}
                    name={`lines.${index}.account_id`}
                    render={({ field: f }) => (
                      <AccountSelect
                        ref={f.ref}
                        accounts={accounts}
                        value={f.value}
                        onChange={(id) => {
                          f.onChange(id);
                          const account = id === null ? undefined : accountById.get(id);
                          form.setValue(`lines.${index}.tax_category`, account?.default_tax_category ?? null);
                          form.clearErrors(`lines.${index}.account_id`);
                        }}
                        onBlur={f.onBlur}
                        aria-label={`${index + 1}行目 勘定科目`}
                        placeholder="コード・科目名・カナ"
                        size="sm"
                        selectFirstOptionOnChange
                        autoSelectOnBlur
                        readOnly={readOnly}
                        error={lineError(errors, index, 'account_id')}
                        onKeyDown={(event) => {
                          // Enter picks an option while the list is open; stop it adding a line
                          if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.stopPropagation();
                        }}
                      />
                    )}
                  />
                </Table.Td>
                {(['debit', 'credit'] as const).map((side) => (
                  <Table.Td key={side}>
                    <Controller
                      control={control}
                      name={`lines.${index}.${side}`}
                      render={({ field: f }) => (
                        <NumberInput
                          {...amountInputProps}
                          ref={f.ref}
                          value={f.value}
                          onBlur={f.onBlur}
                          onChange={(value) => {
                            const n = typeof value === 'number' ? value : value === '' ? '' : Number(value);
                            f.onChange(Number.isFinite(n) ? n : '');
                            const other = side === 'debit' ? 'credit' : 'debit';
                            if (typeof n === 'number' && n > 0 && form.getValues(`lines.${index}.${other}`) !== '')
                              form.setValue(`lines.${index}.${other}`, '');
                            form.clearErrors([`lines.${index}.debit`, `lines.${index}.credit`]);
                          }}
                          aria-label={`${index + 1}行目 ${side === 'debit' ? '借方金額' : '貸方金額'}`}
                          readOnly={readOnly}
                          error={lineError(errors, index, side)}
                        />
                      )}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Controller
                    control={control}
                    name={`lines.${index}.tax_category`}
                    render={({ field: f }) => (
                      <Select
                        size="sm"
                        // chosen from the account's default; skipped by Tab so entry stays fast
                        tabIndex={-1}
                        data={TAX_OPTIONS}
                        value={f.value ?? 'none'}
                        onChange={(v) => f.onChange(v)}
                        allowDeselect={false}
                        readOnly={readOnly}
                        aria-label={`${index + 1}行目 税区分`}
                        error={lineError(errors, index, 'tax_category')}
                        comboboxProps={{ withinPortal: true, width: 180 }}
                      />
                    )}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="sm"
                    aria-label={`${index + 1}行目 摘要`}
                    readOnly={readOnly}
                    error={lineError(errors, index, 'memo')}
                    {...register(`lines.${index}.memo`)}
                  />
                </Table.Td>
                {!readOnly && (
                  <Table.Td ta="center">
                    <Tooltip label="この行を削除" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        tabIndex={-1}
                        aria-label={`${index + 1}行目を削除`}
                        disabled={lines.fields.length <= 2}
                        onClick={() => lines.remove(index)}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot bg="gray.0">
            <Table.Tr>
              <Table.Td />
              <Table.Td>
                <Text size="sm" fw={600}>
                  合計
                </Text>
              </Table.Td>
              <Table.Td ta="right" className="tabular" data-testid="debit-total">
                <Text size="sm" fw={700} ff="monospace" aria-label="借方合計">
                  {formatAmount(totals.debit)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="credit-total">
                <Text size="sm" fw={700} ff="monospace" aria-label="貸方合計">
                  {formatAmount(totals.credit)}
                </Text>
              </Table.Td>
              <Table.Td colSpan={readOnly ? 2 : 3}>
                {totals.balanced ? (
                  <Badge color="success" variant="light" leftSection={<IconCheck size={12} />} data-testid="difference">
                    貸借一致
                  </Badge>
                ) : (
                  <Text size="sm" c={totals.difference === 0 ? 'dimmed' : 'danger'} fw={600} data-testid="difference">
                    差額 {formatAmount(Math.abs(totals.difference))}
                    {totals.difference > 0 ? '（貸方不足）' : totals.difference < 0 ? '（借方不足）' : ''}
                  </Text>
                )}
                {blocked && !totals.balanced && (
                  <Text size="xs" c="danger" mt={2} role="alert" data-testid="unbalanced-reason">
                    {unbalancedReason(totals)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        {split && preview.taxes.length > 0 && (
          <Stack gap={2} mt={6} data-testid="tax-split">
            {preview.taxes.map((t) => (
              <Text key={t.formIndex} size="xs" c="dimmed">
                {t.formIndex + 1}行目 {nameOf(form.getValues(`lines.${t.formIndex}.account_id`))}：本体{' '}
                {formatAmount(t.net)} ＋ {accountById.get(t.account_id)?.name} {formatAmount(t.amount)}（
                {inputMode === 'inclusive' ? '税込金額から計算' : '税抜金額に加算'}）
              </Text>
            ))}
          </Stack>
        )}
        {lineRootError && (
          <Text c="danger" size="sm" mt={6} role="alert">
            {lineRootError}
          </Text>
        )}

        <Group justify="space-between" mt="sm">
          {!readOnly ? (
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={addLine} tabIndex={-1}>
              行を追加
            </Button>
          ) : (
            <span />
          )}
          <Text size="xs" c="dimmed" data-testid="entry-summary">
            借方 {sideSummary(debitNames)} ／ 貸方 {sideSummary(creditNames)}
          </Text>
        </Group>
      </Paper>

      {errors.root?.server?.message && (
        <Alert color="danger" icon={<IconAlertCircle size={16} />} mt="md" role="alert">
          {errors.root.server.message}
        </Alert>
      )}

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
            <Button type="submit" loading={isSubmitting} disabled={!totals.balanced}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}

/** Why Ctrl+Enter did not save: said next to the totals. */
export function unbalancedReason(totals: { debit: number; credit: number; difference: number }): string {
  if (totals.debit === 0 && totals.credit === 0)
    return '保存できません: 金額が入力されていません。借方と貸方に金額を入力してください。';
  const side = totals.difference > 0 ? '貸方' : '借方';
  return `保存できません: 借方合計と貸方合計が一致していません（${side}が${formatAmount(Math.abs(totals.difference))}円不足しています）。`;
}

function fieldNames(count: number): string[] {
  const names = ['date', 'description', 'lines'];
  for (let i = 0; i < count; i++) for (const f of LINE_FIELDS) names.push(`lines.${i}.${f}`);
  return names;
}
