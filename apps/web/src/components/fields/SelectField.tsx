import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export type SelectFieldProps<T extends FieldValues> = Omit<SelectProps, 'value' | 'onChange' | 'name' | 'onBlur'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any context and submitted shape of the form (a zod transform)
  control: Control<T, any, any>;
  name: FieldPath<T>;
  /** The form value when nothing is chosen (cleared): '' for the text columns, null for the id ones. */
  empty?: string | null;
};

/**
 * A Mantine Select bound to one react-hook-form field: the value, blur, focus (ref) and the field's error
 * (the core schema's message, or the server's 422 one) wired once. An empty value shows the placeholder.
 */
export function SelectField<T extends FieldValues>({
  control,
  name,
  empty = '',
  error,
  ...props
}: SelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          value={field.value === null || field.value === undefined || field.value === '' ? null : String(field.value)}
          onChange={(value) => field.onChange(value ?? empty)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={error ?? fieldState.error?.message}
        />
      )}
    />
  );
}
