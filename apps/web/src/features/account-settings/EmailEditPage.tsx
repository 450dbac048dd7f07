import { type ProfileEmailInput, profileEmailInput } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../components/PageHeader';
import { handleFormError } from '../../lib/form-errors';
import { useMe } from '../../lib/session';
import { accountSettingsApi } from './api';
import { SettingsFrame } from './SimpleForm';

/** /email/edit: a confirmation link goes to the new address; the change applies when it is followed. */
export default function EmailEditPage() {
  const me = useMe();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ProfileEmailInput>({ resolver: zodResolver(profileEmailInput), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await accountSettingsApi.changeEmail(values);
      setSent(res.message);
      form.reset({ email: '' });
    } catch (error) {
      handleFormError(form, error, ['email']);
    }
  });
  return (
    <>
      <PageHeader
        title="メールアドレス"
        description="新しいメールアドレスに確認メールを送ります。リンクを開くまで変更されません。"
      />
      {sent && (
        <Alert color="green" mb="md" maw={640} role="status">
          {sent}
        </Alert>
      )}
      <SettingsFrame
        label="メールアドレスの変更"
        onSubmit={submit}
        serverError={errors.root?.server?.message}
        submitting={isSubmitting}
        submitLabel="確認メールを送る"
      >
        <Text size="sm">現在のメールアドレス: {me?.email}</Text>
        <TextInput
          label="新しいメールアドレス"
          type="email"
          withAsterisk
          {...form.register('email')}
          error={errors.email?.message}
        />
      </SettingsFrame>
    </>
  );
}
