import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, useEffect, useRef, useState } from 'react';
import {
  caretAfter,
  formatNumberText,
  type NumberTextOptions,
  numberTextValue,
  readNumberText,
  valueText,
} from './number-text';

export interface NumberFieldProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'prefix'>,
    NumberTextOptions {
  value?: number | string | null;
  onChange?: (value: number | string) => void;
  /** Clamped into on blur (as Mantine's NumberInput); `clampBehavior="none"` leaves it to validation. */
  min?: number;
  max?: number;
  clampBehavior?: 'blur' | 'none';
  /** Accepted for NumberInput compatibility; the field has no spinner. */
  hideControls?: boolean;
}

/**
 * Every number the app asks for (数量, 単価, 借方/貸方, 金額, rates, counts): Mantine's NumberInput props, but what
 * a Japanese user types is read, not dropped — full-width digits, 「，」, 「．」, 「－」「ー」「−」 as a minus, 円 / ¥ —
 * and an IME's composition is left alone until it is committed. The value is a number, or '' while empty
 * (a string while incomplete: '-', '12.').
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  {
    value,
    onChange,
    onBlur,
    onCompositionStart,
    onCompositionEnd,
    allowDecimal,
    allowNegative,
    decimalScale,
    thousandSeparator,
    prefix,
    suffix,
    min,
    max,
    clampBehavior = 'blur',
    hideControls: _hideControls,
    inputMode,
    ...others
  },
  ref,
) {
  const opts: NumberTextOptions = { allowDecimal, allowNegative, decimalScale, thousandSeparator, prefix, suffix };
  const [shown, setShown] = useState(() => formatNumberText(valueText(value, opts), opts));
  const emitted = useRef<number | string | null | undefined>(value);
  const composing = useRef(false);
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  // a value set from outside (a product picked, a reset) replaces the text
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setShown(formatNumberText(valueText(value, opts), opts));
  });

  useEffect(() => {
    if (caret.current === null || !input.current || document.activeElement !== input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const emit = (next: number | string) => {
    if (next === emitted.current) return;
    emitted.current = next;
    onChange?.(next);
  };

  const read = (el: HTMLInputElement) => {
    const { text, before } = readNumberText(el.value, el.selectionStart ?? el.value.length, opts);
    const next = formatNumberText(text, opts);
    caret.current = caretAfter(next, before, opts);
    setShown(next);
    emit(numberTextValue(text));
  };

  const setRef = (el: HTMLInputElement | null) => {
    input.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };

  return (
    <TextInput
      {...others}
      ref={setRef}
      inputMode={inputMode ?? (allowDecimal === false ? 'numeric' : 'decimal')}
      autoComplete="off"
      value={shown}
      onChange={(e) => {
        if (composing.current) setShown(e.currentTarget.value);
        else read(e.currentTarget);
      }}
      onCompositionStart={(e) => {
        composing.current = true;
        onCompositionStart?.(e);
      }}
      onCompositionEnd={(e) => {
        composing.current = false;
        read(e.currentTarget);
        onCompositionEnd?.(e);
      }}
      onBlur={(e) => {
        const { text } = readNumberText(e.currentTarget.value, 0, opts);
        let v = numberTextValue(text);
        if (typeof v === 'string' && v !== '') v = Number.isFinite(Number(v)) ? Number(v) : '';
        if (typeof v === 'number' && clampBehavior !== 'none') {
          if (max !== undefined && v > max) v = max;
          if (min !== undefined && v < min) v = min;
        }
        setShown(formatNumberText(valueText(v, opts), opts));
        emit(v);
        onBlur?.(e);
      }}
    />
  );
});
