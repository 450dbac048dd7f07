import {
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  type Employee,
  type EmployeeValues,
  employeeInput,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Grid, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { handleFormError } from '../../lib/form-errors';

export interface EmployeeFormValues {
  code: string;
  name: string;
  name_kana: string;
  email: string;
  hire_date: string;
  leave_date: string;
  employment_type: EmployeeValues['employment_type'];
  department: string;
  daily_hours: string;
  memo: string;
  login_enabled: boolean;
}
const FIELDS = [
  'code',
  'name',
  'name_kana',
  'email',
  'hire_date',
  'leave_date',
  'employment_type',
  'department',
  'daily_hours',
  'memo',
  'login_enabled',
];
const resolver = zodResolver(employeeInput) as unknown as Resolver<EmployeeFormValues, unknown, EmployeeValues>;

export function toEmployeeFormValues(e?: Employee | null): EmployeeFormValues {
  return {
    code: e?.code ?? '',
    name: e?.name ?? '',
    name_kana: e?.name_kana ?? '',
    email: e?.email ?? '',
    hire_date: e?.hire_date ?? '',
    leave_date: e?.leave_date ?? '',
    employment_type: e?.employment_type ?? 'full_time',
    department: e?.department ?? '',
    daily_hours: e?.daily_hours === null || e?.daily_hours === undefined ? '' : String(e.daily_hours),
    memo: e?.memo ?? '',
    login_enabled: e?.login_enabled ?? false,
  };
}

/** The employee form (contract: employeeInput); 422s — e.g. the headcount limit — show above the form. */
export function EmployeeForm({
  defaultValues,
  submitLabel,
  onSubmit,
  hadLogin = false,
}: {
  defaultValues: EmployeeFormValues;
  submitLabel: string;
  onSubmit: (values: EmployeeValues) => Promise<unknown>;
  hadLogin?: boolean;
}) {
  const form = useForm<EmployeeFormValues, unknown, EmployeeValues>({ resolver, defaultValues });
  const { register, control, formState, watch } = form;
  const { errors, isSubmitting } = formState;
  const loginEnabled = watch('login_enabled');
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      handleFormError(form, error, FIELDS);
    }
  });
  const limitError = (errors as { max_employee?: { message?: string } }).max_employee?.message;

  return (
    <form onSubmit={submit} noValidate aria-label="従業員情報">
      <Stack gap="lg">
        {(errors.root?.server?.message || limitError) && (
          <Alert color="danger" icon={<IconAlertCircle size={16} />} role="alert">
            {errors.root?.server?.message ?? limitError}
          </Alert>
        )}
        <FormSection title="基本情報">
          <Grid>
            <Grid.Col span={3}>
              <TextInput
                label="従業員コード"
                withAsterisk
                autoFocus
                {...register('code')}
                error={errors.code?.message}
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label="氏名" withAsterisk {...register('name')} error={errors.name?.message} />
            </Grid.Col>
            <Grid.Col span={5}>
              <TextInput label="氏名（カナ）" {...register('name_kana')} error={errors.name_kana?.message} />
            </Grid.Col>
            <Grid.Col span={4}>
              <Controller
                control={control}
                name="employment_type"
                render={({ field }) => (
                  <Select
                    label="雇用形態"
                    withAsterisk
                    allowDeselect={false}
                    data={EMPLOYMENT_TYPES.map((t) => ({ value: t, label: EMPLOYMENT_TYPE_LABELS[t] }))}
                    value={field.value}
                    onChange={(v) => field.onChange(v)}
                    error={errors.employment_type?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label="部署" {...register('department')} error={errors.department?.message} />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput
                label="所定労働時間（1日・時間）"
                placeholder="例: 7.5"
                inputMode="decimal"
                {...register('daily_hours')}
                error={errors.daily_hours?.message}
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label="入社日" type="date" {...register('hire_date')} error={errors.hire_date?.message} />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label="退職日" type="date" {...register('leave_date')} error={errors.leave_date?.message} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="メモ" autosize minRows={2} {...register('memo')} error={errors.memo?.message} />
            </Grid.Col>
          </Grid>
        </FormSection>
        <FormSection
          title="ログインアカウント"
          description="作成すると、入力したメールアドレスにパスワード設定の案内が届き、従業員ログイン（/employee/login）から勤怠を入力できます。"
        >
          <Stack gap="sm">
            <TextInput label="メールアドレス" type="email" {...register('email')} error={errors.email?.message} />
            <Controller
              control={control}
              name="login_enabled"
              render={({ field }) => (
                <Checkbox
                  label={
                    hadLogin
                      ? 'ログインを許可する（外すとログインできなくなります）'
                      : 'ログインアカウントを作成して招待メールを送る'
                  }
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
            {loginEnabled && !hadLogin && (
              <Alert color="blue" variant="light">
                登録すると招待メールを送信します（リンクの有効期限は72時間）。
              </Alert>
            )}
          </Stack>
        </FormSection>
        <FormActions cancelTo="/company/employee" submitLabel={submitLabel} loading={isSubmitting} />
      </Stack>
    </form>
  );
}
