import { NumberInput, type NumberInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * An amount of yen: whole numbers only, no minus sign, thousands separated by 「,」, no spinner buttons
 * (each can be turned back on by its prop: `hideControls={false}`, `allowNegative`…). The value is what
 * Mantine's NumberInput gives: a number, or '' while empty.
 */
export const MoneyField = forwardRef<HTMLInputElement, NumberInputProps>(function MoneyField(props, ref) {
  return (
    <NumberInput ref={ref} hideControls allowDecimal={false} allowNegative={false} thousandSeparator="," {...props} />
  );
});
