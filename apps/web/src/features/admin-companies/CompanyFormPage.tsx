import {
  type AdminCompany,
  type AdminCompanyInput,
  adminCompanyInput,
  COMPANY_STATUSES,
  COMPANY_TAX_DISPLAY_LABELS,
  COMPANY_TAX_ROUNDING_LABELS,
  PREFECTURES,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage } from '../../components/record-page/RecordPage';
import type { RecordVersion } from '../../lib/conflict';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useDomainOptions } from '../admin-shared/useDomainOptions';
import { companyApi, useAdminCompany, useCompanyMutation } from './api';
import { CompanyLogoSection } from './CompanyLogoSection';

const FIELDS = [
  'name',
  'name_kana',
  'corporate_number',
  'registration_number',
  'representative_name',
  'representative_name_kana',
  'postal_code',
  'prefecture_code',
  'address1',
  'address2',
  'tel',
  'email',
  'capital',
  'fiscal_year_end_month',
  'business_type',
  'tax_office',
  'domain_id',
  'status',
  'max_employee',
  'expiration_year',
  'tax_display',
  'tax_rounding',
] as const;

type FormValues = AdminCompanyInput;

function toForm(c?: AdminCompany): FormValues {
  return {
    name: c?.name ?? '',
    name_kana: c?.name_kana ?? '',
    corporate_number: c?.corporate_number ?? '',
    registration_number: c?.registration_number ?? '',
    representative_name: c?.representative_name ?? '',
    representative_name_kana: c?.representative_name_kana ?? '',
    postal_code: c?.postal_code ?? '',
    prefecture_code: c?.prefecture_code ?? '',
    address1: c?.address1 ?? '',
    address2: c?.address2 ?? '',
    tel: c?.tel ?? '',
    email: c?.email ?? '',
    capital: c?.capital ?? '',
    fiscal_year_end_month: c?.fiscal_year_end_month ?? 3,
    business_type: c?.business_type ?? '',
    tax_office: c?.tax_office ?? '',
    domain_id: c?.domain_id ?? null,
    status: c?.status ?? 'active',
    max_employee: c?.max_employee,
    expiration_year: c?.expiration_year,
    tax_display: c?.tax_display ?? 'exclusive',
    tax_rounding: c?.tax_rounding ?? 'floor',
    bank_accounts: c?.bank_accounts ?? [],
  };
}

function CompanyForm({ company, version }: { company?: AdminCompany; version?: RecordVersion }) {
  const navigate = useNavigate();
  const domains = useDomainOptions();
  const save = useCompanyMutation((values: object) =>
    company && version
      ? version.save((updated_at) => companyApi.update(company.id, { ...values, updated_at }))
      : companyApi.create(values),
  );
  const form = useForm<FormValues>({ resolver: zodResolver(adminCompanyInput), defaultValues: toForm(company) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (!(await save.mutateAsync(values))) return; // 409: shown in the alert
      notifySuccess(company ? '企業情報を更新しました' : '企業を登録しました');
      navigate('/system/companies');
    } catch (error) {
      handleFormError(form, error, FIELDS);
    }
  });
  const text = (name: (typeof FIELDS)[number], label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} error={errors[name]?.message} {...extra} {...form.register(name)} />
  );
  const select = (
    name: (typeof FIELDS)[number],
    label: string,
    data: { value: string; label: string }[],
    extra: Record<string, unknown> = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={field.value === null || field.value === undefined || field.value === '' ? null : String(field.value)}
          onChange={(v) =>
            field.onChange(v === null ? null : /^\d+$/.test(v) && name !== 'prefecture_code' ? Number(v) : v)
          }
          error={errors[name]?.message}
          {...extra}
        />
      )}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={960}>
        {version?.alert}
        {errors.root?.server?.message && <Alert color="danger">{errors.root.server.message}</Alert>}
        <FormSection title="基本情報">
          <SimpleGrid cols={2}>
            {text('name', '企業名', { required: true })}
            {text('name_kana', '企業名（カナ）')}
            {text('corporate_number', '法人番号（13桁）')}
            {text('registration_number', '適格請求書発行事業者登録番号（T+13桁）')}
            {text('representative_name', '代表者名')}
            {text('representative_name_kana', '代表者名（カナ）')}
            {text('email', 'メールアドレス')}
            {text('tel', '電話番号')}
          </SimpleGrid>
        </FormSection>
        <FormSection title="所在地">
          <SimpleGrid cols={2}>
            {text('postal_code', '郵便番号')}
            {select(
              'prefecture_code',
              '都道府県',
              Object.entries(PREFECTURES).map(([value, label]) => ({ value, label })),
              { clearable: true, searchable: true },
            )}
            {text('address1', '住所1')}
            {text('address2', '住所2')}
          </SimpleGrid>
        </FormSection>
        <FormSection title="決算・税務">
          <SimpleGrid cols={3}>
            {text('capital', '資本金（円）')}
            {select(
              'fiscal_year_end_month',
              '決算月',
              Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}月` })),
            )}
            {text('business_type', '事業種目')}
            {text('tax_office', '税務署')}
            {select(
              'tax_display',
              '消費税の表示',
              Object.entries(COMPANY_TAX_DISPLAY_LABELS).map(([value, label]) => ({ value, label })),
            )}
            {select(
              'tax_rounding',
              '端数処理',
              Object.entries(COMPANY_TAX_ROUNDING_LABELS).map(([value, label]) => ({ value, label })),
            )}
          </SimpleGrid>
        </FormSection>
        <BankAccountsSection form={form} />
        <FormSection title="契約">
          <SimpleGrid cols={3}>
            {select('domain_id', 'ドメイン', domains, { clearable: true, description: '未選択のときは既定のドメイン' })}
            {select(
              'status',
              '状態',
              Object.entries(COMPANY_STATUSES).map(([value, label]) => ({ value, label })),
            )}
            {select(
              'expiration_year',
              'データ保存期間',
              [
                { value: '7', label: '7年' },
                { value: '10', label: '10年' },
              ],
              { description: '未選択のときはシステム設定の初期値' },
            )}
            {text('max_employee', '従業員数の上限')}
          </SimpleGrid>
        </FormSection>
        <FormActions
          cancelTo="/system/companies"
          submitLabel={company ? '更新する' : '登録する'}
          loading={isSubmitting}
        />
      </Stack>
    </form>
  );
}

/** /system/companies/create */
export function CompanyCreatePage() {
  return (
    <>
      <PageHeader
        title="企業の登録"
        description="登録すると標準の勘定科目も作成されます。ログインアカウントは登録後に設定します。"
      />
      <CompanyForm />
    </>
  );
}

/** /system/companies/{id}/edit */
export function CompanyEditPage() {
  const raw = Number(useParams().id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useAdminCompany(id);
  return (
    <RecordPage
      title="企業情報の編集"
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
          <PageHeader title="企業情報の編集" description={record.name} />
          <Stack gap="md">
            <CompanyForm key={version.generation} company={record} version={version} />
            <Stack maw={960}>
              <CompanyLogoSection companyId={record.id} />
            </Stack>
          </Stack>
        </>
      )}
    </RecordPage>
  );
}

/** 振込先口座 (printed on the invoices): up to five rows. */
function BankAccountsSection({ form }: { form: UseFormReturn<FormValues> }) {
  const banks = useFieldArray({ control: form.control, name: 'bank_accounts' });
  const { errors } = form.formState;
  return (
    <FormSection title="振込先口座（請求書に表示）" description="5件まで登録できます">
      <Stack gap="sm">
        {banks.fields.map((f, i) => {
          const e = errors.bank_accounts?.[i];
          return (
            <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap" data-testid="bank-account">
              <TextInput
                label="銀行名"
                error={e?.bank_name?.message}
                {...form.register(`bank_accounts.${i}.bank_name`)}
              />
              <TextInput
                label="支店名"
                error={e?.branch_name?.message}
                {...form.register(`bank_accounts.${i}.branch_name`)}
              />
              <Controller
                control={form.control}
                name={`bank_accounts.${i}.account_type`}
                render={({ field }) => (
                  <Select
                    label="種別"
                    w={100}
                    data={['普通', '当座', '貯蓄']}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={e?.account_type?.message}
                  />
                )}
              />
              <TextInput
                label="口座番号"
                w={120}
                error={e?.account_number?.message}
                {...form.register(`bank_accounts.${i}.account_number`)}
              />
              <TextInput
                label="口座名義"
                error={e?.account_holder?.message}
                {...form.register(`bank_accounts.${i}.account_holder`)}
              />
              <Button
                variant="subtle"
                color="danger"
                mt={24}
                onClick={() => banks.remove(i)}
                aria-label={`口座${i + 1}を削除`}
              >
                削除
              </Button>
            </Group>
          );
        })}
        {banks.fields.length < 5 && (
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() =>
                banks.append({
                  bank_name: '',
                  branch_name: '',
                  account_type: '普通',
                  account_number: '',
                  account_holder: '',
                })
              }
            >
              口座を追加
            </Button>
          </Group>
        )}
      </Stack>
    </FormSection>
  );
}
