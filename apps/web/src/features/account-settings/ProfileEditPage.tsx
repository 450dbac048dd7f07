import { type ProfileNameInput, profileNameInput } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../components/PageHeader';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { loadMe, roleOf, useMe } from '../../lib/session';
import { accountSettingsApi } from './api';
import { CompanyProfileSection } from './CompanyProfileSection';
import { SettingsFrame } from './SimpleForm';

/** /profile/edit: the user's name; for a company user also the company profile and invoice bank account. */
export default function ProfileEditPage() {
  const me = useMe();
  const form = useForm<ProfileNameInput>({ resolver: zodResolver(profileNameInput), values: { name: me?.name ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await accountSettingsApi.changeName(values);
      await loadMe({ force: true });
      notifySuccess('氏名を変更しました');
    } catch (error) {
      handleFormError(form, error, ['name']);
    }
  });
  return (
    <>
      <PageHeader title="プロフィール" description={me?.email} />
      <Stack gap="xl">
        <SettingsFrame
          label="プロフィール"
          onSubmit={submit}
          serverError={errors.root?.server?.message}
          submitting={isSubmitting}
        >
          <TextInput label="氏名" withAsterisk {...form.register('name')} error={errors.name?.message} />
        </SettingsFrame>
        {roleOf(me) === 'company' && <CompanyProfileSection />}
      </Stack>
    </>
  );
}
