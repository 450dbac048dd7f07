import type { ComponentProps } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { CustomerSelect } from '../../features/transactions/CustomerSelect';

type PickerProps = Omit<ComponentProps<typeof CustomerSelect>, 'value' | 'onChange' | 'inputRef' | 'onBlur'>;

/**
 * The customer picker (CustomerSelect: searched on the server by name, kana, phone…) bound to a form's
 * `customer_id`: value, blur, focus and the field's error wired once; a pick clears the field's error and
 * then calls `onPicked` (e.g. the invoice empties its chosen sales).
 */
export function CustomerField<T extends FieldValues>({
  control,
  name,
  onPicked,
  ...props
}: PickerProps & {
  // biome-ignore lint/suspicious/noExplicitAny: any context and submitted shape of the form (a zod transform)
  control: Control<T, any, any>;
  name: FieldPath<T>;
  onPicked?: (id: number | null) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CustomerSelect
          {...props}
          inputRef={field.ref}
          value={field.value as number | null}
          onChange={(id) => {
            field.onChange(id);
            onPicked?.(id);
          }}
          onBlur={field.onBlur}
          error={props.error ?? fieldState.error?.message}
        />
      )}
    />
  );
}
