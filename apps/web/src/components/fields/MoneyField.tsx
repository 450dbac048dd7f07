import { forwardRef } from 'react';
import { NumberField, type NumberFieldProps } from './NumberField';

/**
 * An amount of yen: whole numbers only, no minus sign, thousands separated by 「,」 (each can be turned back on
 * by its prop: `allowNegative`…). Typed as a Japanese user types it (「１，０００円」: NumberField). The value is a
 * number, or '' while empty.
 */
export const MoneyField = forwardRef<HTMLInputElement, NumberFieldProps>(function MoneyField(props, ref) {
  return <NumberField ref={ref} allowDecimal={false} allowNegative={false} thousandSeparator="," {...props} />;
});
