import type { Product } from '@chobo/core';
import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { type FieldErrors, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import type { TransactionFormValues } from '../../features/transactions/form-values';
import { emptyLine } from '../../features/transactions/form-values';
import { LineRow, type RowActions } from './LineRow';

export { amountOf, previewLines } from './line-amount';

/** A form whose `lines` are the sales lines (受注取引, the free lines of an invoice). */
export type LinesForm = UseFormReturn<TransactionFormValues, unknown, unknown>;

export interface LinesEditorProps {
  form: LinesForm;
  /** The phone layout: one card per row, labels on the fields. */
  narrow: boolean;
  readOnly?: boolean;
  /** Rows that cannot be removed (an invoice of selected sales may have no free line). */
  minRows?: number;
}

/** What the rows do: add (focus 品目), pick a product, move, and the row's keys. */
function useLineActions(form: LinesForm, readOnly: boolean) {
  const lines = useFieldArray({ control: form.control, name: 'lines' });

  const addLine = () => lines.append(emptyLine(), { focusName: `lines.${form.getValues('lines').length}.description` });

  const pick = (index: number, product: Product) => {
    const opts = { shouldDirty: true } as const;
    form.setValue(`lines.${index}.product_id`, product.id, opts);
    form.setValue(`lines.${index}.product_code`, product.code, opts);
    form.setValue(`lines.${index}.description`, product.name, opts);
    form.setValue(`lines.${index}.unit`, product.unit ?? '', opts);
    form.setValue(`lines.${index}.unit_price`, product.unit_price, opts);
    form.setValue(`lines.${index}.tax_category`, product.tax_category, opts);
    form.clearErrors([`lines.${index}.description`, `lines.${index}.unit_price`, `lines.${index}.tax_category`]);
    form.setFocus(`lines.${index}.quantity`);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= lines.fields.length) return;
    lines.move(from, to);
  };

  const onRowKey = (event: KeyboardEvent<HTMLElement>, index: number) => {
    if (readOnly || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
      move(index, to);
      return;
    }
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target.tagName !== 'INPUT') return;
    // Enter never submits from a row (Ctrl+Enter does)
    event.preventDefault();
    if (target.getAttribute('data-line-field') !== 'unit_price') return;
    if (index === form.getValues('lines').length - 1) addLine();
    else form.setFocus(`lines.${index + 1}.description`);
  };

  const actions: RowActions = { pick, move, remove: lines.remove, onRowKey };
  return { fields: lines.fields, addLine, actions };
}

const head = (text: string, span: number, align: 'left' | 'right' = 'left') => (
  <Grid.Col span={span}>
    <Text size="xs" fw={700} c="dimmed" ta={align}>
      {text}
    </Text>
  </Grid.Col>
);

/** The column heads of the wide layout (the phone layout labels each field instead). */
function LinesHead() {
  return (
    <Grid columns={24} gap="xs" px={4} aria-hidden>
      {head('', 1)}
      {head('品目', 8)}
      {head('数量', 3, 'right')}
      {head('単位', 2)}
      {head('単価', 3, 'right')}
      {head('税区分', 3)}
      {head('金額', 3, 'right')}
      {head('', 1)}
    </Grid>
  );
}

/**
 * 明細: add / remove / reorder rows. Tab walks 品目 → 数量 → 単位 → 単価 → 税区分 of a row; Enter in 単価
 * goes to the next row (adding one after the last); Alt+↑/↓ moves the row.
 */
export function LinesEditor({ form, narrow, readOnly = false, minRows = 1 }: LinesEditorProps) {
  const errors = form.formState.errors as FieldErrors<TransactionFormValues>;
  const watched = useWatch({ control: form.control, name: 'lines' });
  const { fields, addLine, actions } = useLineActions(form, readOnly);
  const linesError =
    (errors.lines as { message?: string; root?: { message?: string } } | undefined)?.root?.message ??
    (errors.lines as { message?: string } | undefined)?.message;

  return (
    <Stack gap="xs">
      {!narrow && <LinesHead />}
      {fields.map((field, index) => (
        <LineRow
          key={field.id}
          form={form}
          index={index}
          count={fields.length}
          line={watched?.[index]}
          narrow={narrow}
          readOnly={readOnly}
          removable={fields.length > minRows}
          actions={actions}
        />
      ))}
      {linesError && (
        <Text c="red" size="sm" role="alert">
          {linesError}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addLine}>
            行を追加
          </Button>
        </Group>
      )}
    </Stack>
  );
}
