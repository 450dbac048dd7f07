import {
  ADMIN_PERMISSION_DESCRIPTIONS,
  ADMIN_PERMISSION_LABELS,
  ADMIN_PERMISSIONS,
  type AdminInvitationInput,
  adminInvitationInput,
  type CompanyInvitationInput,
  companyInvitationInput,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { fieldProps } from '../../lib/field-props';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useDomainOptions } from '../admin-shared/useDomainOptions';
import { SENT_MESSAGE, useCreateInvitation } from './api';

export function AdminInvitationCreatePage() {
  const navigate = useNavigate();
  const create = useCreateInvitation('admin');
  const form = useForm<AdminInvitationInput>({
    resolver: zodResolver(adminInvitationInput),
    defaultValues: { email: '', name: '', permissions: [...ADMIN_PERMISSIONS] },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notifySuccess(SENT_MESSAGE);
      navigate('/system/admin-invitations');
    } catch (error) {
      handleFormError(form, error, ['email', 'name', 'permissions']);
    }
  });
  return (
    <>
      <PageHeader
        title="管理者の招待"
        description="招待メールで届くリンクから、名前とパスワードを設定して登録します（72時間有効）。"
      />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={720}>
          <FormSection title="招待する管理者">
            <Stack gap="sm">
              {errors.root?.server?.message && <Alert color="danger">{errors.root.server.message}</Alert>}
              <TextInput label="メールアドレス" required {...fieldProps(form, 'email')} />
              <TextInput label="氏名" required {...fieldProps(form, 'name')} />
              <Controller
                control={form.control}
                name="permissions"
                render={({ field }) => (
                  <Checkbox.Group
                    label="権限"
                    required
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
            </Stack>
          </FormSection>
          <FormActions cancelTo="/system/admin-invitations" submitLabel="招待メールを送信" loading={isSubmitting} />
        </Stack>
      </form>
    </>
  );
}

export function CompanyInvitationCreatePage() {
  const navigate = useNavigate();
  const create = useCreateInvitation('company');
  const domains = useDomainOptions();
  const form = useForm<CompanyInvitationInput>({
    resolver: zodResolver(companyInvitationInput),
    defaultValues: { email: '', company_name: '', domain_id: null },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notifySuccess(SENT_MESSAGE);
      navigate('/system/company-invitations');
    } catch (error) {
      handleFormError(form, error, ['email', 'company_name', 'domain_id']);
    }
  });
  return (
    <>
      <PageHeader
        title="企業の招待"
        description="招待された方がリンクから登録すると、企業・ログインアカウント・標準の勘定科目が作成されます（72時間有効）。"
      />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={720}>
          <FormSection title="招待する企業">
            <Stack gap="sm">
              {errors.root?.server?.message && <Alert color="danger">{errors.root.server.message}</Alert>}
              <TextInput label="企業名" required {...fieldProps(form, 'company_name')} />
              <TextInput label="担当者のメールアドレス" required {...fieldProps(form, 'email')} />
              <Controller
                control={form.control}
                name="domain_id"
                render={({ field }) => (
                  <Select
                    label="ドメイン"
                    description="未選択のときは既定のドメインになります"
                    clearable
                    data={domains}
                    value={field.value ? String(field.value) : null}
                    onChange={(v) => field.onChange(v ? Number(v) : null)}
                    error={errors.domain_id?.message}
                  />
                )}
              />
            </Stack>
          </FormSection>
          <FormActions cancelTo="/system/company-invitations" submitLabel="招待メールを送信" loading={isSubmitting} />
        </Stack>
      </form>
    </>
  );
}
