import { DATE_INPUT_HINT, formatDateJa, parseDateInput } from '@chobo/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, useEffect, useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A date typed as text (「1105」「11/5」「R8.11.5」「2026-11-05」…, parsed by @chobo/core parseDateInput). Unlike
 * the browser's date input it is one field, so Tab moves on at once. `value` / `onChange` carry the ISO date
 * ('YYYY-MM-DD'); while the text is not a date yet, onChange receives the text itself (the form's schema then
 * refuses it with its message). On blur a recognised date is written back in full.
 */
export const DateField = forwardRef<
  HTMLInputElement,
  Omit<TextInputProps, 'value' | 'onChange'> & {
    value: string;
    onChange: (value: string) => void;
    /** No line under the box (a list's filter bar): the formats show as the box's tooltip instead. */
    quiet?: boolean;
  }
>(function DateField({ value, onChange, onBlur, description, error, quiet, ...rest }, ref) {
  const [text, setText] = useState(value);
  // follow a value set from outside (form reset, a loaded record)
  useEffect(() => {
    setText((current) => (parseDateInput(current) === value || current === value ? current : value));
  }, [value]);
  const parsed = parseDateInput(text);
  const unknown = text.trim() !== '' && parsed === null;
  return (
    <TextInput
      ref={ref}
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(parseDateInput(next) ?? next);
      }}
      onBlur={(event) => {
        if (parsed) setText(parsed);
        onBlur?.(event);
      }}
      title={quiet ? DATE_INPUT_HINT : undefined}
      description={quiet ? undefined : parsed ? formatDateJa(parsed) : (description ?? DATE_INPUT_HINT)}
      error={error ?? (unknown ? `日付として読めません（${DATE_INPUT_HINT}）` : undefined)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
});

/** The DateField bound to one react-hook-form field (value, blur, ref and the field's error wired once). */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  error,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'name'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any context and submitted shape of the form (a zod transform)
  control: Control<T, any, any>;
  name: FieldPath<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error ?? fieldState.error?.message}
        />
      )}
    />
  );
}
