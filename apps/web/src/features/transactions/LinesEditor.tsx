import { formatJPY, lineAmount, type Product, type SalesLineLike, type TaxCategory } from '@chobo/core';
import {
  ActionIcon,
  Box,
  Button,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { Controller, type FieldErrors, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import type { LineFormValues, TransactionFormValues } from './form-values';
import { emptyLine } from './form-values';
import { LineDescriptionInput } from './LineDescriptionInput';
import { LINE_TAX_OPTIONS, num } from './labels';

type LineField = 'description' | 'quantity' | 'unit' | 'unit_price' | 'tax_category' | 'product_id';

/** The row's amount (quantity × price, 四捨五入 once per line) or null while the row is incomplete. */
export function amountOf(line: Pick<LineFormValues, 'quantity' | 'unit_price'> | undefined): number | null {
  if (!line) return null;
  const q = Number(line.quantity);
  const p = Number(line.unit_price);
  if (line.quantity === '' || line.unit_price === '' || !Number.isFinite(q) || !Number.isFinite(p)) return null;
  try {
    return lineAmount(q, Math.trunc(p));
  } catch {
    return null;
  }
}

/** The lines that can be totalled so far (a row without quantity or price is left out of the preview). */
export function previewLines(lines: readonly LineFormValues[] | undefined): SalesLineLike[] {
  return (lines ?? []).flatMap((l) =>
    amountOf(l) === null
      ? []
      : [{ quantity: Number(l.quantity), unit_price: Math.trunc(Number(l.unit_price)), tax_category: l.tax_category }],
  );
}

const numberInput = {
  size: 'sm',
  hideControls: true,
  clampBehavior: 'none',
  styles: { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } },
} as const;

/**
 * 明細: add / remove / reorder rows. Tab walks 品目 → 数量 → 単位 → 単価 → 税区分 of a row; Enter in 単価
 * goes to the next row (adding one after the last); Alt+↑/↓ moves the row.
 */
export function LinesEditor({
  form,
  narrow,
  readOnly = false,
  minRows = 1,
}: {
  form: UseFormReturn<TransactionFormValues, unknown, unknown>;
  narrow: boolean;
  readOnly?: boolean;
  /** Rows that cannot be removed (an invoice of selected sales may have no free line). */
  minRows?: number;
}) {
  const { control, register, formState } = form;
  const errors = formState.errors as FieldErrors<TransactionFormValues>;
  const lines = useFieldArray({ control, name: 'lines' });
  const watched = useWatch({ control, name: 'lines' });

  const err = (index: number, field: LineField) => errors.lines?.[index]?.[field]?.message;
  const linesError =
    (errors.lines as { message?: string; root?: { message?: string } } | undefined)?.root?.message ??
    (errors.lines as { message?: string } | undefined)?.message;

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

  const head = (text: string, span: number, align: 'left' | 'right' = 'left') => (
    <Grid.Col span={span}>
      <Text size="xs" fw={700} c="dimmed" ta={align}>
        {text}
      </Text>
    </Grid.Col>
  );

  return (
    <Stack gap="xs">
      {!narrow && (
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
      )}
      {lines.fields.map((field, index) => {
        const amount = amountOf(watched?.[index]);
        const rowNo = index + 1;
        const label = (text: string) => (narrow ? text : undefined);
        const controls = (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="上へ（Alt+↑）" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                tabIndex={-1}
                aria-label={`${rowNo}行目を上へ`}
                disabled={readOnly || index === 0}
                onClick={() => move(index, index - 1)}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="下へ（Alt+↓）" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                tabIndex={-1}
                aria-label={`${rowNo}行目を下へ`}
                disabled={readOnly || index === lines.fields.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
        const remove = (
          <Tooltip label="この行を削除" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              tabIndex={-1}
              aria-label={`${rowNo}行目を削除`}
              disabled={readOnly || lines.fields.length <= minRows}
              onClick={() => lines.remove(index)}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        );
        return (
          <Paper
            key={field.id}
            data-testid="line-row"
            withBorder={narrow}
            p={narrow ? 'sm' : 4}
            radius="md"
            onKeyDown={(event) => onRowKey(event, index)}
            role="group"
            aria-label={`明細 ${rowNo}行目`}
          >
            {narrow && (
              <Group justify="space-between" mb={6}>
                <Group gap={6}>
                  <Text size="sm" fw={700}>
                    明細 {rowNo}
                  </Text>
                  {controls}
                </Group>
                {remove}
              </Group>
            )}
            <Grid columns={24} gap="xs" align="flex-start">
              {!narrow && (
                <Grid.Col span={1}>
                  <Stack gap={0} align="center">
                    <Text size="xs" c="dimmed" lh="20px">
                      {rowNo}
                    </Text>
                    {controls}
                  </Stack>
                </Grid.Col>
              )}
              <Grid.Col span={narrow ? 24 : 8}>
                <Controller
                  control={control}
                  name={`lines.${index}.description`}
                  render={({ field: f }) => (
                    <Box>
                      {narrow && (
                        <Text size="sm" fw={500} mb={2}>
                          品目
                        </Text>
                      )}
                      <LineDescriptionInput
                        inputRef={f.ref}
                        value={f.value}
                        onChange={(text) => {
                          f.onChange(text);
                          form.clearErrors(`lines.${index}.description`);
                        }}
                        onBlur={f.onBlur}
                        onPick={(product) => pick(index, product)}
                        productCode={watched?.[index]?.product_id ? watched[index].product_code || '商品' : undefined}
                        aria-label={`${rowNo}行目 品目`}
                        error={err(index, 'description') ?? err(index, 'product_id')}
                        readOnly={readOnly}
                      />
                    </Box>
                  )}
                />
              </Grid.Col>
              <Grid.Col span={narrow ? 8 : 3}>
                <Controller
                  control={control}
                  name={`lines.${index}.quantity`}
                  render={({ field: f }) => (
                    <NumberInput
                      {...numberInput}
                      ref={f.ref}
                      label={label('数量')}
                      aria-label={`${rowNo}行目 数量`}
                      decimalScale={3}
                      allowNegative={false}
                      thousandSeparator=","
                      value={f.value}
                      onChange={(v) => f.onChange(v)}
                      onBlur={f.onBlur}
                      readOnly={readOnly}
                      error={err(index, 'quantity')}
                      data-line-field="quantity"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={narrow ? 6 : 2}>
                <TextInput
                  size="sm"
                  label={label('単位')}
                  aria-label={`${rowNo}行目 単位`}
                  placeholder="個"
                  readOnly={readOnly}
                  error={err(index, 'unit')}
                  {...register(`lines.${index}.unit`)}
                />
              </Grid.Col>
              <Grid.Col span={narrow ? 10 : 3}>
                <Controller
                  control={control}
                  name={`lines.${index}.unit_price`}
                  render={({ field: f }) => (
                    <NumberInput
                      {...numberInput}
                      ref={f.ref}
                      label={label('単価（円）')}
                      aria-label={`${rowNo}行目 単価`}
                      allowDecimal={false}
                      allowNegative
                      thousandSeparator=","
                      leftSection={
                        <Text size="xs" c="dimmed">
                          ¥
                        </Text>
                      }
                      leftSectionWidth={24}
                      value={f.value}
                      onChange={(v) => f.onChange(v)}
                      onBlur={f.onBlur}
                      readOnly={readOnly}
                      error={err(index, 'unit_price')}
                      data-line-field="unit_price"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={narrow ? 12 : 3}>
                <Controller
                  control={control}
                  name={`lines.${index}.tax_category`}
                  render={({ field: f }) => (
                    <NativeSelect
                      ref={f.ref}
                      size="sm"
                      label={label('税区分')}
                      aria-label={`${rowNo}行目 税区分`}
                      data={LINE_TAX_OPTIONS}
                      value={f.value}
                      onChange={(e) => f.onChange(e.currentTarget.value as TaxCategory)}
                      onBlur={f.onBlur}
                      disabled={readOnly}
                      error={err(index, 'tax_category')}
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={narrow ? 12 : 3}>
                {narrow && (
                  <Text size="sm" fw={500} mb={2} ta="right">
                    金額
                  </Text>
                )}
                <Text
                  size="sm"
                  fw={600}
                  ta="right"
                  lh="36px"
                  style={num}
                  c={amount !== null && amount < 0 ? 'red' : undefined}
                  data-testid="line-amount"
                  aria-label={`${rowNo}行目 金額`}
                >
                  {amount === null ? '—' : formatJPY(amount)}
                </Text>
              </Grid.Col>
              {!narrow && (
                <Grid.Col span={1}>
                  <Group justify="center" h={36}>
                    {remove}
                  </Group>
                </Grid.Col>
              )}
            </Grid>
          </Paper>
        );
      })}
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
