import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';
import { notifyError } from './notify';

/**
 * Server field errors (422) into react-hook-form (docs/product/SPEC.md §5: set, add to, or remove per field).
 * Errors for fields the form does not have are collected under `root.server`.
 */
type FormLike<T extends FieldValues> = Pick<UseFormReturn<T>, 'setError' | 'clearErrors' | 'getFieldState'> &
  Partial<Pick<UseFormReturn<T>, 'setFocus'>>;

const SERVER = 'server';

export function setServerError<T extends FieldValues>(
  form: FormLike<T>,
  field: FieldPath<T>,
  messages: string | string[],
) {
  const message = Array.isArray(messages) ? messages.join(' ') : messages;
  form.setError(field, { type: SERVER, message }, { shouldFocus: false });
}

export function addServerError<T extends FieldValues>(form: FormLike<T>, field: FieldPath<T>, message: string) {
  const current = form.getFieldState(field).error;
  const existing = current?.type === SERVER && current.message ? current.message : '';
  setServerError(form, field, existing && existing !== message ? `${existing} ${message}` : message);
}

export function removeServerError<T extends FieldValues>(form: FormLike<T>, field: FieldPath<T>) {
  form.clearErrors(field);
}

/**
 * Puts every `errors[field]` of a 422 under its field. `fields` lists the form's field names; others go
 * to `root.server`. The first field with an error receives focus.
 */
export function setServerErrors<T extends FieldValues>(
  form: FormLike<T>,
  errors: Record<string, string[]>,
  fields: readonly string[],
  fallbackMessage?: string,
): void {
  const stray: string[] = [];
  let first: string | null = null;
  for (const [key, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    if (fields.includes(key)) {
      setServerError(form, key as FieldPath<T>, messages);
      first ??= key;
    } else {
      stray.push(...messages);
    }
  }
  if (stray.length || (!first && fallbackMessage)) {
    form.setError('root.server' as FieldPath<T>, { type: SERVER, message: stray.join(' ') || fallbackMessage });
  }
  if (first && form.setFocus) {
    try {
      form.setFocus(first as FieldPath<T>);
    } catch {
      // a field without a focusable ref
    }
  }
}

/**
 * The standard handling of a failed form submit: 422 → messages under the fields; anything else →
 * red toast with the server's message (401 is handled by the API client).
 */
export function handleFormError<T extends FieldValues>(
  form: FormLike<T>,
  error: unknown,
  fields: readonly string[],
): void {
  if (error instanceof ApiError && error.status === 422) {
    setServerErrors(form, error.errors, fields, error.message);
    return;
  }
  if (error instanceof ApiError && error.status === 401) return;
  notifyError(error instanceof Error ? error.message : 'エラーが発生しました。');
}
