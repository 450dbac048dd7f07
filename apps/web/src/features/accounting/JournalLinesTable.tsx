import { JOURNAL_TAX_CATEGORIES } from '@chobo/core';
import { ActionIcon, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { Controller } from 'react-hook-form';
import { MoneyField } from '../../components/fields/MoneyField';
import { AccountSelect } from './AccountSelect';
import { JournalTotalsRow } from './JournalTotals';
import { lineError } from './journal-form-values';
import type { Account } from './types';
import type { JournalFormState } from './use-journal-form';

const TAX_OPTIONS = Object.entries(JOURNAL_TAX_CATEGORIES).map(([value, label]) => ({ value, label }));

/** MoneyField (whole yen, 「,」, no spinner) as the lines' amount cells: right-aligned figures. */
const amountInputProps = {
  min: 0,
  max: 999_999_999_999,
  clampBehavior: 'none',
  size: 'sm',
  styles: { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } },
} as const;

type LineProps = Pick<JournalFormState, 'form' | 'errors' | 'accountById'> & {
  index: number;
  readOnly: boolean;
};

/**
 * The 仕訳行 table: one row per line (勘定科目 → 借方金額 → 貸方金額 → 税区分 → 摘要 in Tab order; the delete
 * button is skipped by Tab), the totals and balance in its footer.
 */
export function JournalLinesTable({
  state,
  accounts,
  readOnly,
}: {
  state: JournalFormState;
  accounts: Account[];
  readOnly: boolean;
}) {
  const { form, errors, accountById, lines, onLineKey } = state;
  return (
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
          <JournalLineRow
            key={field.id}
            form={form}
            errors={errors}
            accountById={accountById}
            accounts={accounts}
            index={index}
            readOnly={readOnly}
            onKeyDown={(event) => onLineKey(event, index)}
            canRemove={lines.fields.length > 2}
            onRemove={() => lines.remove(index)}
          />
        ))}
      </Table.Tbody>
      <JournalTotalsRow totals={state.totals} blocked={state.blocked} readOnly={readOnly} />
    </Table>
  );
}

function JournalLineRow({
  accounts,
  onKeyDown,
  canRemove,
  onRemove,
  ...props
}: LineProps & {
  accounts: Account[];
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { form, errors, index, readOnly } = props;
  return (
    <Table.Tr data-testid="entry-line" onKeyDown={onKeyDown}>
      <Table.Td ta="center">
        <Text size="xs" c="dimmed">
          {index + 1}
        </Text>
      </Table.Td>
      <Table.Td>
        <LineAccount {...props} accounts={accounts} />
      </Table.Td>
      {(['debit', 'credit'] as const).map((side) => (
        <Table.Td key={side}>
          <LineAmount {...props} side={side} />
        </Table.Td>
      ))}
      <Table.Td>
        <LineTaxCategory {...props} />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="sm"
          aria-label={`${index + 1}行目 摘要`}
          readOnly={readOnly}
          error={lineError(errors, index, 'memo')}
          {...form.register(`lines.${index}.memo`)}
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
              disabled={!canRemove}
              onClick={onRemove}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** The line's 勘定科目: picking one sets the line's 税区分 to the account's default. */
function LineAccount({ form, errors, accountById, index, readOnly, accounts }: LineProps & { accounts: Account[] }) {
  return (
    <Controller
      control={form.control}
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
  );
}

/** 借方金額 or 貸方金額: an amount on one side empties the other. */
function LineAmount({ form, errors, index, readOnly, side }: LineProps & { side: 'debit' | 'credit' }) {
  return (
    <Controller
      control={form.control}
      name={`lines.${index}.${side}`}
      render={({ field: f }) => (
        <MoneyField
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
  );
}

/** The line's 税区分: the account's default, reachable by Tab to change it from the keyboard. */
function LineTaxCategory({ form, errors, index, readOnly }: LineProps) {
  return (
    <Controller
      control={form.control}
      name={`lines.${index}.tax_category`}
      render={({ field: f }) => (
        <Select
          size="sm"
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
  );
}
