import { type TaxSettingsInput, taxSettingsInput } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Input, Radio, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { PageHeader } from '../../components/PageHeader';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { accountSettingsApi, useTaxSettingsForEdit } from './api';
import { SettingsFrame } from './SimpleForm';

export const TAX_DISPLAY_OPTIONS = [
  { value: 'exclusive', label: '税抜（本体価格と消費税を分けて表示）' },
  { value: 'inclusive', label: '税込（消費税を含めた金額で表示）' },
];
export const ACCOUNTING_METHOD_OPTIONS = [
  {
    value: 'exclusive',
    label: '税抜経理',
    description: '消費税を仮払消費税等・仮受消費税等に分けて記帳します（仕訳入力で自動的に分けます）',
  },
  {
    value: 'inclusive',
    label: '税込経理',
    description: '消費税を含めた金額で費用・売上に記帳します（免税事業者・簡易課税向け）',
  },
];
export const TAX_ROUNDING_OPTIONS = [
  { value: 'floor', label: '切り捨て' },
  { value: 'round', label: '四捨五入' },
  { value: 'ceil', label: '切り上げ' },
];

function TaxForm({ initial }: { initial: TaxSettingsInput }) {
  const client = useQueryClient();
  const form = useForm<TaxSettingsInput>({ resolver: zodResolver(taxSettingsInput), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await accountSettingsApi.saveTaxSettings(values);
      client.setQueryData(['tax-settings'], res.data);
      client.invalidateQueries({ queryKey: ['accounting', 'settings'] });
      notifySuccess('消費税表示設定を保存しました');
    } catch (error) {
      handleFormError(form, error, ['tax_display', 'tax_rounding', 'accounting_method']);
    }
  });
  return (
    <SettingsFrame
      label="消費税表示設定"
      onSubmit={submit}
      serverError={errors.root?.server?.message}
      submitting={isSubmitting}
    >
      <Controller
        control={form.control}
        name="tax_display"
        render={({ field }) => (
          <Radio.Group
            label="金額の表示"
            value={field.value}
            onChange={field.onChange}
            error={errors.tax_display?.message}
          >
            <Stack gap="xs" mt="xs">
              {TAX_DISPLAY_OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <Controller
        control={form.control}
        name="tax_rounding"
        render={({ field }) => (
          <Input.Wrapper
            label="消費税の端数処理"
            description="1円未満の端数の扱い（請求書ごと・税率ごとに1回）"
            error={errors.tax_rounding?.message}
          >
            <Radio.Group value={field.value} onChange={field.onChange}>
              <Group gap="lg" mt="xs">
                {TAX_ROUNDING_OPTIONS.map((o) => (
                  <Radio key={o.value} value={o.value} label={o.label} />
                ))}
              </Group>
            </Radio.Group>
          </Input.Wrapper>
        )}
      />
      <Controller
        control={form.control}
        name="accounting_method"
        render={({ field }) => (
          <Radio.Group
            label="経理方式"
            description="仕訳での消費税の扱い"
            value={field.value ?? 'exclusive'}
            onChange={field.onChange}
            error={errors.accounting_method?.message}
          >
            <Stack gap="xs" mt="xs">
              {ACCOUNTING_METHOD_OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} description={o.description} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
    </SettingsFrame>
  );
}

/** /tax/edit (taxes.show, role company) */
export default function TaxEditPage() {
  const query = useTaxSettingsForEdit();
  return (
    <>
      <PageHeader
        title="消費税表示設定"
        description="請求書・取引での消費税の表示方法と端数処理、仕訳の経理方式（税抜経理・税込経理）を設定します。"
      />
      {query.data ? <TaxForm initial={query.data} /> : <Skeleton height={220} maw={640} radius="md" />}
    </>
  );
}
