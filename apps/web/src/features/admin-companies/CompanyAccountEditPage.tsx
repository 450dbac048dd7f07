import { type AdminCompany, type CompanyAccountInput, companyAccountInput } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
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
import { companyApi, useAdminCompany, useCompanyMutation } from './api';

const FIELDS = ['name', 'email', 'disabled', 'max_employee', 'expiration_year', 'send_password_reset'] as const;

function AccountForm({ company, version }: { company: AdminCompany; version: RecordVersion }) {
  const navigate = useNavigate();
  const save = useCompanyMutation((values: object) =>
    version.save((updated_at) => companyApi.account(company.id, { ...values, updated_at })),
  );
  const form = useForm<CompanyAccountInput>({
    resolver: zodResolver(companyAccountInput),
    defaultValues: {
      name: company.owner?.name ?? '',
      email: company.owner?.email ?? company.email ?? '',
      disabled: company.owner?.disabled ?? false,
      max_employee: company.max_employee,
      expiration_year: company.expiration_year,
      send_password_reset: !company.owner,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (!(await save.mutateAsync(values))) return; // 409: shown in the alert
      notifySuccess(
        values.send_password_reset
          ? 'ログインアカウントを更新し、パスワード設定メールを送信しました'
          : 'ログインアカウントを更新しました',
      );
      navigate('/system/companies');
    } catch (error) {
      handleFormError(form, error, FIELDS);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={760}>
        {version.alert}
        {!company.owner && (
          <Alert color="info">
            この企業にはログインアカウントがありません。保存するとアカウントを作成し、パスワード設定メールを送信します。
          </Alert>
        )}
        <FormSection title="ログインアカウント">
          <SimpleGrid cols={2}>
            <TextInput label="氏名" required {...fieldProps(form, 'name')} />
            <TextInput label="メールアドレス" required {...fieldProps(form, 'email')} />
          </SimpleGrid>
          <Stack gap="xs" mt="md">
            <Switch label="このアカウントを利用停止にする" {...form.register('disabled')} />
            <Checkbox label="パスワード再設定メールを送信する" {...form.register('send_password_reset')} />
          </Stack>
        </FormSection>
        <FormSection title="契約条件">
          <SimpleGrid cols={2}>
            <TextInput label="従業員数の上限" required {...fieldProps(form, 'max_employee')} />
            <Controller
              control={form.control}
              name="expiration_year"
              render={({ field }) => (
                <Select
                  label="データ保存期間"
                  data={[
                    { value: '7', label: '7年' },
                    { value: '10', label: '10年' },
                  ]}
                  value={String(field.value)}
                  onChange={(v) => field.onChange(Number(v))}
                  error={errors.expiration_year?.message}
                />
              )}
            />
          </SimpleGrid>
        </FormSection>
        <FormActions cancelTo="/system/companies" submitLabel="保存する" loading={isSubmitting} />
      </Stack>
    </form>
  );
}

/** /system/companies/{id}/account/edit */
export default function CompanyAccountEditPage() {
  const raw = Number(useParams().id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useAdminCompany(id);
  return (
    <RecordPage
      title="企業アカウントの編集"
      noun="企業"
      id={id}
      query={query}
      anyErrorIsMissing
      notFoundDescription={null}
      back={{ to: '/system/companies', label: '企業一覧に戻る' }}
      skeleton={[320]}
    >
      {(record, version) => (
        <>
          <PageHeader title="企業アカウントの編集" description={record.name} />
          <AccountForm key={version.generation} company={record} version={version} />
        </>
      )}
    </RecordPage>
  );
}
