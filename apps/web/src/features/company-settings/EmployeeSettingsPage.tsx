import {
  type EmployeeSettings,
  type EmployeeSettingsValues,
  employeeSettingsInput,
  MONTH_END_DAY,
  WEEKDAY_LABELS,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormSection } from '../../components/FormSection';
import { NumberField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { type RecordVersion, useRecordVersion } from '../../lib/conflict';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useEmployeeSettings, useSaveEmployeeSettings } from '../employees/api';

type Values = { [K in keyof EmployeeSettingsValues]: K extends `work_${string}` ? string : number | string };
const FIELDS = Object.keys(employeeSettingsInput.shape);
const resolver = zodResolver(employeeSettingsInput) as unknown as Resolver<Values, unknown, EmployeeSettingsValues>;
const CLOSING_DAYS = [
  ...Array.from({ length: 30 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}日` })),
  { value: String(MONTH_END_DAY), label: '末日' },
];

function SettingsForm({ settings, version }: { settings: EmployeeSettings; version: RecordVersion }) {
  const save = useSaveEmployeeSettings();
  const form = useForm<Values, unknown, EmployeeSettingsValues>({
    resolver,
    defaultValues: {
      max_employee: settings.max_employee,
      work_start_time: settings.work_start_time,
      work_end_time: settings.work_end_time,
      break_minutes: settings.break_minutes,
      statutory_holiday: settings.statutory_holiday,
      closing_day: settings.closing_day,
    },
  });
  const { control, register, formState } = form;
  const { errors, isSubmitting } = formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await version.save((updated_at) => save.mutateAsync({ ...values, updated_at }));
      if (!saved) return;
      notifySuccess('従業員設定を保存しました');
    } catch (error) {
      handleFormError(form, error, FIELDS);
    }
  });
  const num = (
    name: 'max_employee' | 'break_minutes',
    label: string,
    extra: { max?: number; suffix?: string; description?: string },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberField
          label={label}
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={extra.max}
          suffix={extra.suffix}
          description={extra.description}
          value={field.value}
          onChange={field.onChange}
          error={errors[name]?.message}
        />
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label="従業員設定">
      <Stack gap="lg">
        {version.alert}
        {errors.root?.server?.message && (
          <Alert color="danger" icon={<IconAlertCircle size={16} />}>
            {errors.root.server.message}
          </Alert>
        )}
        <FormSection title="従業員数の上限" description={`在籍中の従業員: ${settings.active_employees}人`}>
          <Grid>
            <Grid.Col span={4}>
              {num('max_employee', '従業員数の上限', {
                max: settings.max_employee_cap,
                suffix: '人',
                description: `ご契約の上限は${settings.max_employee_cap}人です`,
              })}
            </Grid.Col>
          </Grid>
        </FormSection>
        <FormSection title="就業規則" description="勤怠の集計（残業・休日出勤）に使います。">
          <Grid>
            <Grid.Col span={3}>
              <TextInput
                label="始業時刻"
                type="time"
                withAsterisk
                {...register('work_start_time')}
                error={errors.work_start_time?.message}
              />
            </Grid.Col>
            <Grid.Col span={3}>
              <TextInput
                label="終業時刻"
                type="time"
                withAsterisk
                {...register('work_end_time')}
                error={errors.work_end_time?.message}
              />
            </Grid.Col>
            <Grid.Col span={3}>{num('break_minutes', '休憩時間', { max: 480, suffix: '分' })}</Grid.Col>
            <Grid.Col span={3} />
            <Grid.Col span={3}>
              <Controller
                control={control}
                name="statutory_holiday"
                render={({ field }) => (
                  <Select
                    label="法定休日"
                    withAsterisk
                    allowDeselect={false}
                    data={WEEKDAY_LABELS.map((label, i) => ({ value: String(i), label }))}
                    value={String(field.value)}
                    onChange={(v) => field.onChange(Number(v))}
                    error={errors.statutory_holiday?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={3}>
              <Controller
                control={control}
                name="closing_day"
                render={({ field }) => (
                  <Select
                    label="勤怠の締め日"
                    withAsterisk
                    allowDeselect={false}
                    data={CLOSING_DAYS}
                    value={String(field.value)}
                    onChange={(v) => field.onChange(Number(v))}
                    error={errors.closing_day?.message}
                  />
                )}
              />
            </Grid.Col>
          </Grid>
        </FormSection>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            保存する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /company/max-employee/edit (account.max-employee) */
export default function EmployeeSettingsPage() {
  const settings = useEmployeeSettings();
  const version = useRecordVersion(settings.data, async () => (await settings.refetch()).data);
  return (
    <>
      <PageHeader title="従業員設定" description="従業員数の上限と就業規則を設定します。" />
      {settings.data ? (
        <SettingsForm key={version.generation} settings={settings.data} version={version} />
      ) : settings.isError ? (
        <Text c="danger">{settings.error.message}</Text>
      ) : (
        <Skeleton height={300} radius="md" />
      )}
    </>
  );
}
