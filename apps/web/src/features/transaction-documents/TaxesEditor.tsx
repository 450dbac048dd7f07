import { formatJPY, type TaxCategory, type TransactionDocumentValues } from '@chobo/core';
import { ActionIcon, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalculator, IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, type FieldErrors, useFieldArray, useWatch } from 'react-hook-form';
import { MoneyField } from '../../components/fields/MoneyField';
import { type DocumentFormValues, emptyTaxRow, taxTotals, yenOrZero } from './form-values';
import { num, TAX_OPTIONS } from './labels';

const asNumber = yenOrZero;

/**
 * 税率ごとの内訳 as printed on the supplier's document: per rate the 対象額 (tax excluded) and the 消費税額.
 * `onFill` is the helper that splits the 取引金額 with 10/110 or 8/108.
 */
export function TaxesEditor({
  control,
  errors,
  onFill,
  onEdit,
  canFill,
}: {
  control: Control<DocumentFormValues, unknown, TransactionDocumentValues>;
  errors: FieldErrors<DocumentFormValues>;
  onFill: () => void;
  onEdit: () => void;
  canFill: boolean;
}) {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const { fields, append, remove } = useFieldArray({ control, name: 'taxes' });
  const rows = useWatch({ control, name: 'taxes' });
  const amount = asNumber(useWatch({ control, name: 'amount' }));
  const used = new Set(rows.map((r) => r.tax_category));
  const { total: sum, tax: taxSum } = taxTotals(rows);
  const nextCategory = (['10', '8', 'exempt', 'out_of_scope'] as TaxCategory[]).find((c) => !used.has(c));
  const rowError = (i: number, key: 'tax_category' | 'base' | 'tax') => errors.taxes?.[i]?.[key]?.message;

  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={narrow ? 0 : 520}>
        <Table verticalSpacing={6} horizontalSpacing={narrow ? 4 : 'sm'} aria-label="税率ごとの内訳" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={narrow ? 84 : 140}>税率</Table.Th>
              <Table.Th>{narrow ? '対象額' : '対象額（税抜）'}</Table.Th>
              <Table.Th>{narrow ? '消費税' : '消費税額'}</Table.Th>
              {!narrow && (
                <Table.Th w={130} ta="right">
                  計
                </Table.Th>
              )}
              <Table.Th w={36} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, i) => {
              const row = rows[i] ?? field;
              const rowLabel = TAX_OPTIONS.find((o) => o.value === row.tax_category)?.label ?? '';
              return (
                <Table.Tr key={field.id} data-testid="tax-row">
                  <Table.Td>
                    <Controller
                      control={control}
                      name={`taxes.${i}.tax_category`}
                      render={({ field: f }) => (
                        <NativeSelect
                          ref={f.ref}
                          aria-label={`${i + 1}行目 税率`}
                          data={TAX_OPTIONS}
                          value={f.value}
                          onChange={(e) => {
                            f.onChange(e.currentTarget.value);
                            onEdit();
                          }}
                          size="sm"
                          error={rowError(i, 'tax_category')}
                        />
                      )}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TaxAmount
                      control={control}
                      name={`taxes.${i}.base`}
                      label={`${rowLabel} 対象額`}
                      error={rowError(i, 'base')}
                      onEdit={onEdit}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TaxAmount
                      control={control}
                      name={`taxes.${i}.tax`}
                      label={`${rowLabel} 消費税額`}
                      error={rowError(i, 'tax')}
                      onEdit={onEdit}
                    />
                  </Table.Td>
                  {!narrow && (
                    <Table.Td ta="right" style={num}>
                      <Text size="sm">{formatJPY(asNumber(row.base) + asNumber(row.tax))}</Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`${i + 1}行目を削除`}
                      onClick={() => {
                        remove(i);
                        onEdit();
                      }}
                      disabled={fields.length === 1}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <TaxesFooter narrow={narrow} sum={sum} taxSum={taxSum} mismatch={amount > 0 && sum > 0 && sum !== amount} />
        </Table>
      </Table.ScrollContainer>
      {typeof errors.taxes?.message === 'string' && (
        <Text size="xs" c="red">
          {errors.taxes.message}
        </Text>
      )}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => {
            if (nextCategory) append(emptyTaxRow(nextCategory));
          }}
          disabled={!nextCategory}
        >
          税率を追加
        </Button>
        <Group gap={6} wrap="nowrap">
          {!canFill && (
            <Text size="xs" c="dimmed">
              複数税率は書類の記載どおりに入力してください
            </Text>
          )}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconCalculator size={14} />}
            onClick={onFill}
            disabled={!canFill || amount <= 0}
          >
            取引金額から計算
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** One amount of a tax row (対象額 / 消費税額): whole yen, right-aligned; a change re-checks the totals. */
function TaxAmount({
  control,
  name,
  label,
  error,
  onEdit,
}: {
  control: Control<DocumentFormValues, unknown, TransactionDocumentValues>;
  name: `taxes.${number}.base` | `taxes.${number}.tax`;
  label: string;
  error: string | undefined;
  onEdit: () => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <MoneyField
          ref={f.ref}
          aria-label={label}
          size="sm"
          value={f.value}
          onChange={(v) => {
            f.onChange(v);
            onEdit();
          }}
          onBlur={f.onBlur}
          error={error}
          styles={{ input: { textAlign: 'right' } }}
        />
      )}
    />
  );
}

/** 内訳の合計 (with its 消費税); red when it is not the 取引金額. */
function TaxesFooter({
  narrow,
  sum,
  taxSum,
  mismatch,
}: {
  narrow: boolean;
  sum: number;
  taxSum: number;
  mismatch: boolean;
}) {
  return (
    <Table.Tfoot>
      <Table.Tr>
        <Table.Td colSpan={narrow ? 2 : 3}>
          <Text size="sm" fw={600} ta="right">
            {narrow ? `合計（税 ${formatJPY(taxSum)}）` : `内訳の合計（消費税 ${formatJPY(taxSum)}）`}
          </Text>
        </Table.Td>
        <Table.Td ta="right" style={num} colSpan={narrow ? 2 : 1} data-testid="taxes-sum">
          <Text size="sm" fw={700} c={mismatch ? 'red' : undefined}>
            {formatJPY(sum)}
          </Text>
        </Table.Td>
        {!narrow && <Table.Td />}
      </Table.Tr>
    </Table.Tfoot>
  );
}
