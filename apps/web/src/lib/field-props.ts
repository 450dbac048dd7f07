import { type FieldPath, type FieldValues, get, type UseFormReturn } from 'react-hook-form';

/**
 * A registered input's props with its error message, so a field names itself once:
 * `<TextInput label="企業名" required {...fieldProps(form, 'company_name')} />`.
 */
export function fieldProps<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>,
  name: FieldPath<T>,
) {
  return {
    ...form.register(name),
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  };
}
