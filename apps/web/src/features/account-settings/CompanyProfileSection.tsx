import {
  BANK_INFO_ACCOUNT_TYPES,
  type BankInfo,
  type BankInfoValues,
  bankInfoInput,
  type CompanyProfile,
  type CompanyProfileValues,
  companyProfileInput,
  formatPostalCode,
  PREFECTURES,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, Select, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { type RecordVersion, useRecordVersion } from '../../lib/conflict';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { loadMe } from '../../lib/session';
import { fetchBankInfo, fetchCompanyProfile, saveBankInfo, saveCompanyProfile } from './api';
import { SettingsFrame } from './SimpleForm';

type ProfileForm = { [K in keyof CompanyProfileValues]: string };
type BankForm = { [K in keyof BankInfoValues]: string };
const profileResolver = zodResolver(companyProfileInput) as unknown as Resolver<
  ProfileForm,
  unknown,
  CompanyProfileValues
>;
const bankResolver = zodResolver(bankInfoInput) as unknown as Resolver<BankForm, unknown, BankInfoValues>;
const PREF_OPTIONS = Object.entries(PREFECTURES).map(([value, label]) => ({ value, label }));
const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}月` }));

function strings<T extends object>(record: T | null | undefined, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = (record as Record<string, unknown> | null | undefined)?.[k];
    out[k] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

function ProfileFormBlock({ profile, version }: { profile: CompanyProfile; version: RecordVersion }) {
  const client = useQueryClient();
  const keys = Object.keys(companyProfileInput.shape);
  const form = useForm<ProfileForm, unknown, CompanyProfileValues>({
    resolver: profileResolver,
    defaultValues: { ...strings(profile, keys), postal_code: formatPostalCode(profile.postal_code) } as ProfileForm,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await version.save((updated_at) => saveCompanyProfile({ ...values, updated_at }));
      if (!saved) return;
      client.setQueryData(['company-profile'], saved);
      await loadMe({ force: true });
      notifySuccess('会社情報を保存しました');
    } catch (error) {
      handleFormError(form, error, keys);
    }
  });
  const text = (name: keyof ProfileForm, label: string, span = 6, required = false) => (
    <Grid.Col span={span}>
      <TextInput label={label} withAsterisk={required} {...form.register(name)} error={errors[name]?.message} />
    </Grid.Col>
  );
  return (
    <SettingsFrame
      label="会社情報"
      notice={version.alert}
      onSubmit={submit}
      serverError={errors.root?.server?.message}
      submitting={isSubmitting}
    >
      <Grid>
        {text('name', '会社名', 6, true)}
        {text('name_kana', '会社名（カナ）')}
        {text('corporate_number', '法人番号（13桁）')}
        {text('registration_number', '適格請求書発行事業者の登録番号')}
        {text('representative_name', '代表者名')}
        {text('representative_name_kana', '代表者名（カナ）')}
        {text('postal_code', '郵便番号', 4)}
        <Grid.Col span={8}>
          <Controller
            control={form.control}
            name="prefecture_code"
            render={({ field }) => (
              <Select
                label="都道府県"
                clearable
                searchable
                data={PREF_OPTIONS}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={errors.prefecture_code?.message}
              />
            )}
          />
        </Grid.Col>
        {text('address1', '住所1', 12)}
        {text('address2', '住所2（建物名など）', 12)}
        {text('tel', '電話番号')}
        {text('email', 'メールアドレス')}
        {text('capital', '資本金（円）')}
        <Grid.Col span={6}>
          <Controller
            control={form.control}
            name="fiscal_year_end_month"
            render={({ field }) => (
              <Select
                label="決算月"
                withAsterisk
                allowDeselect={false}
                data={MONTHS}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                error={errors.fiscal_year_end_month?.message}
              />
            )}
          />
        </Grid.Col>
        {text('business_type', '事業種目')}
        {text('tax_office', '所轄税務署')}
      </Grid>
    </SettingsFrame>
  );
}

function BankFormBlock({ bank, version }: { bank: BankInfo | null; version: RecordVersion }) {
  const keys = Object.keys(bankInfoInput.shape);
  const client = useQueryClient();
  const form = useForm<BankForm, unknown, BankInfoValues>({
    resolver: bankResolver,
    defaultValues: { ...strings(bank, keys), account_type: bank?.account_type ?? '普通' } as BankForm,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await version.save((updated_at) => saveBankInfo({ ...values, updated_at }));
      if (!saved) return;
      client.setQueryData(['bank-info'], saved);
      notifySuccess('振込先口座を保存しました');
    } catch (error) {
      handleFormError(form, error, keys);
    }
  });
  const text = (name: keyof BankForm, label: string, span: number) => (
    <Grid.Col span={span}>
      <TextInput label={label} withAsterisk {...form.register(name)} error={errors[name]?.message} />
    </Grid.Col>
  );
  return (
    <SettingsFrame
      label="振込先口座"
      notice={version.alert}
      onSubmit={submit}
      serverError={errors.root?.server?.message}
      submitting={isSubmitting}
    >
      <Grid>
        {text('bank_code', '銀行コード（4桁）', 4)}
        {text('bank_name', '銀行名', 8)}
        {text('branch_code', '支店コード（3桁）', 4)}
        {text('branch_name', '支店名', 8)}
        <Grid.Col span={4}>
          <Controller
            control={form.control}
            name="account_type"
            render={({ field }) => (
              <Select
                label="預金種目"
                withAsterisk
                allowDeselect={false}
                data={[...BANK_INFO_ACCOUNT_TYPES]}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                error={errors.account_type?.message}
              />
            )}
          />
        </Grid.Col>
        {text('account_number', '口座番号（7桁）', 8)}
        {text('account_holder', '口座名義（カナ）', 12)}
      </Grid>
    </SettingsFrame>
  );
}

/**
 * 会社情報 and 振込先口座 (the bank account printed on invoices; 404 = none yet, silently). Both live on the
 * company row, so they share one version: a save from either form moves both forward (no foreign write was
 * lost — the save proved the row was at the version both read), and a 409 reloads both.
 */
export function CompanyProfileSection() {
  const profile = useQuery({
    queryKey: ['company-profile'],
    queryFn: fetchCompanyProfile,
  });
  const bank = useQuery({
    queryKey: ['bank-info'],
    queryFn: fetchBankInfo,
    meta: { silent: true },
  });
  const profileVersion = useRecordVersion(profile.data, async () => {
    const [fresh] = await Promise.all([profile.refetch(), bank.refetch()]);
    return fresh.data;
  });
  return (
    <Stack gap="md">
      <Title order={3} fz={18}>
        会社情報
      </Title>
      {profile.data ? (
        <ProfileFormBlock key={profileVersion.generation} profile={profile.data} version={profileVersion} />
      ) : (
        <Skeleton height={320} maw={640} />
      )}
      <Title order={3} fz={18}>
        振込先口座（請求書に記載）
      </Title>
      {bank.isSuccess && profile.data ? (
        <BankFormBlock key={profileVersion.generation} bank={bank.data} version={profileVersion} />
      ) : (
        <Skeleton height={200} maw={640} />
      )}
    </Stack>
  );
}
