import type { Product, TaxCategory } from '@chobo/core';
import { Box, Grid, NativeSelect, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { LineFormValues } from '../../features/transactions/form-values';
import { LineDescriptionInput } from '../../features/transactions/LineDescriptionInput';
import { LINE_TAX_OPTIONS } from '../../features/transactions/labels';
import { NumberField } from '../fields';
import type { CellProps } from './LineRow';

const numberInput = {
  size: 'sm',
  hideControls: true,
  clampBehavior: 'none',
  styles: { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } },
} as const;

/** 品目: free text or a product picked (its code shown on the row). */
export function DescriptionCell({
  form,
  index,
  rowNo,
  narrow,
  readOnly,
  err,
  line,
  onPick,
}: CellProps & { line: LineFormValues | undefined; onPick: (product: Product) => void }) {
  return (
    <Grid.Col span={narrow ? 24 : 8}>
      <Controller
        control={form.control}
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
              onPick={onPick}
              productCode={line?.product_id ? line.product_code || '商品' : undefined}
              aria-label={`${rowNo}行目 品目`}
              error={err('description') ?? err('product_id')}
              readOnly={readOnly}
            />
          </Box>
        )}
      />
    </Grid.Col>
  );
}

/** 数量: up to 3 decimals, never negative. */
export function QuantityCell({ form, index, rowNo, narrow, readOnly, err, label }: CellProps) {
  return (
    <Grid.Col span={narrow ? 8 : 3}>
      <Controller
        control={form.control}
        name={`lines.${index}.quantity`}
        render={({ field: f }) => (
          <NumberField
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
            error={err('quantity')}
            data-line-field="quantity"
          />
        )}
      />
    </Grid.Col>
  );
}

/** 単価: whole yen (negative for 値引き); Enter here goes to the next row. */
export function PriceCell({ form, index, rowNo, narrow, readOnly, err, label }: CellProps) {
  return (
    <Grid.Col span={narrow ? 10 : 3}>
      <Controller
        control={form.control}
        name={`lines.${index}.unit_price`}
        render={({ field: f }) => (
          <NumberField
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
            error={err('unit_price')}
            data-line-field="unit_price"
          />
        )}
      />
    </Grid.Col>
  );
}

/** 税区分 of the row. */
export function TaxCell({ form, index, rowNo, narrow, readOnly, err, label }: CellProps) {
  return (
    <Grid.Col span={narrow ? 12 : 3}>
      <Controller
        control={form.control}
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
            error={err('tax_category')}
          />
        )}
      />
    </Grid.Col>
  );
}
