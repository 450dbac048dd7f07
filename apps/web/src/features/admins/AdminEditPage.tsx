import {
  ADMIN_PERMISSION_DESCRIPTIONS,
  ADMIN_PERMISSION_LABELS,
  ADMIN_PERMISSIONS,
  type AdminUpdateInput,
  type AdminUser,
  adminUpdateInput,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Stack, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage } from '../../components/record-page/RecordPage';
import type { RecordVersion } from '../../lib/conflict';
import { fieldProps } from '../../lib/field-props';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { ADMINS_KEY } from './AdminListPage';
import { updateAdmin, useAdmin } from './api';

function AdminForm({ admin, version }: { admin: AdminUser; version: RecordVersion }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<AdminUpdateInput>({
    resolver: zodResolver(adminUpdateInput),
    defaultValues: {
      name: admin.name,
      email: admin.email,
      permissions: admin.permissions as AdminUpdateInput['permissions'],
      disabled: admin.disabled,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await version.save((updated_at) => updateAdmin(admin.id, { ...values, updated_at }));
      if (!saved) return;
      await client.invalidateQueries({ queryKey: [ADMINS_KEY] });
      notifySuccess('管理者を更新しました');
      navigate('/system/admins');
    } catch (error) {
      handleFormError(form, error, ['name', 'email', 'permissions', 'disabled']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={720}>
        {version.alert}
        {errors.root?.server?.message && <Alert color="danger">{errors.root.server.message}</Alert>}
        <FormSection title="管理者">
          <Stack gap="sm">
            <TextInput label="氏名" required {...fieldProps(form, 'name')} />
            <TextInput label="メールアドレス" required {...fieldProps(form, 'email')} />
            <Controller
              control={form.control}
              name="permissions"
              render={({ field }) => (
                <Checkbox.Group
                  label="権限"
                  value={field.value as string[]}
                  onChange={field.onChange}
                  error={errors.permissions?.message}
                >
                  <Stack mt="xs" gap="sm">
                    {ADMIN_PERMISSIONS.map((p) => (
                      <Checkbox
                        key={p}
                        value={p}
                        label={ADMIN_PERMISSION_LABELS[p]}
                        description={ADMIN_PERMISSION_DESCRIPTIONS[p]}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
            <Switch label="利用停止にする（ログインできなくなります）" {...fieldProps(form, 'disabled')} />
          </Stack>
        </FormSection>
        <FormActions cancelTo="/system/admins" submitLabel="更新する" loading={isSubmitting} />
      </Stack>
    </form>
  );
}

/** /system/admins/{id}/edit */
export default function AdminEditPage() {
  const raw = Number(useParams().id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useAdmin(id);
  return (
    <RecordPage
      title="管理者の編集"
      noun="管理者"
      id={id}
      query={query}
      anyErrorIsMissing
      notFoundDescription={null}
      back={{ to: '/system/admins', label: '管理者一覧に戻る' }}
      skeleton={[320]}
    >
      {(record, version) => (
        <>
          <PageHeader title="管理者の編集" />
          <AdminForm key={version.generation} admin={record} version={version} />
        </>
      )}
    </RecordPage>
  );
}
