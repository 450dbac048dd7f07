import { type ChangePasswordInput, changePasswordInput } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../components/PageHeader';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { accountSettingsApi } from './api';
import { SettingsFrame } from './SimpleForm';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** /password/edit: current password required; every other session is signed out. */
export default function PasswordEditPage() {
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordInput), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await accountSettingsApi.changePassword(values);
      form.reset(EMPTY);
      notifySuccess(res.message);
    } catch (error) {
      handleFormError(form, error, Object.keys(EMPTY));
    }
  });
  return (
    <>
      <PageHeader title="パスワード変更" description="変更すると、この端末以外のログインはすべて解除されます。" />
      <SettingsFrame
        label="パスワード変更"
        onSubmit={submit}
        serverError={errors.root?.server?.message}
        submitting={isSubmitting}
        submitLabel="変更する"
      >
        <PasswordInput
          label="現在のパスワード"
          withAsterisk
          autoComplete="current-password"
          {...form.register('current_password')}
          error={errors.current_password?.message}
        />
        <PasswordInput
          label="新しいパスワード"
          description="8文字以上"
          withAsterisk
          autoComplete="new-password"
          {...form.register('password')}
          error={errors.password?.message}
        />
        <PasswordInput
          label="新しいパスワード（確認）"
          withAsterisk
          autoComplete="new-password"
          {...form.register('password_confirmation')}
          error={errors.password_confirmation?.message}
        />
      </SettingsFrame>
    </>
  );
}
