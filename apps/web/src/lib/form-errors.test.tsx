import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { addServerError, handleFormError, removeServerError, setServerError, setServerErrors } from './form-errors';

type Values = { name: string; email: string };

describe('server field errors in react-hook-form', () => {
  it('sets, adds to and removes a field error', () => {
    const { result } = renderHook(() => useForm<Values>({ defaultValues: { name: '', email: '' } }));
    act(() => setServerError(result.current, 'name', ['顧客名を入力してください']));
    expect(result.current.getFieldState('name').error?.message).toBe('顧客名を入力してください');
    act(() => addServerError(result.current, 'name', '255文字以内で入力してください'));
    expect(result.current.getFieldState('name').error?.message).toBe(
      '顧客名を入力してください 255文字以内で入力してください',
    );
    act(() => removeServerError(result.current, 'name'));
    expect(result.current.getFieldState('name').error).toBeUndefined();
  });

  it('puts known fields under their field and the rest at root.server', () => {
    const { result } = renderHook(() => {
      const form = useForm<Values>({ defaultValues: { name: '', email: '' } });
      void form.formState.errors; // subscribe
      return form;
    });
    act(() =>
      setServerErrors(result.current, { email: ['形式が違います'], token: ['トークンが無効です'] }, ['name', 'email']),
    );
    expect(result.current.getFieldState('email').error?.message).toBe('形式が違います');
    expect(result.current.formState.errors.root?.server?.message).toBe('トークンが無効です');
  });

  it('handleFormError maps a 422 and leaves other errors to a toast', () => {
    const { result } = renderHook(() => useForm<Values>({ defaultValues: { name: '', email: '' } }));
    act(() =>
      handleFormError(result.current, new ApiError(422, '入力エラー', { name: ['必須です'] }), ['name', 'email']),
    );
    expect(result.current.getFieldState('name').error?.message).toBe('必須です');
    act(() => handleFormError(result.current, new ApiError(500, 'サーバーエラー'), ['name', 'email']));
    expect(result.current.getFieldState('email').error).toBeUndefined();
  });
});
