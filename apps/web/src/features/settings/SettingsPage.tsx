import {
  MAIL_LOG_SORTABLE,
  MAIL_STATUS_LABELS,
  type MailLogRow,
  type SystemSettingsInput,
  type SystemSettingsRecord,
  systemSettingsInput,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { type RecordVersion, useRecordVersion } from '../../lib/conflict';
import { fieldProps } from '../../lib/field-props';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { type AdminColumn, AdminList, fmtDateTime } from '../admin-shared/AdminList';
import { fetchSystemSettings, saveSystemSettings } from './api';

const FIELDS = Object.keys(systemSettingsInput.shape);
const STATUS_COLORS: Record<string, string> = {
  queued: 'gray',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
  logged: 'secondary',
};

function SettingsForm({
  settings: { updated_at: _version, ...settings },
  version,
}: {
  settings: SystemSettingsRecord;
  version: RecordVersion;
}) {
  const client = useQueryClient();
  const form = useForm<SystemSettingsInput>({ resolver: zodResolver(systemSettingsInput), defaultValues: settings });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await version.save((updated_at) => saveSystemSettings({ ...values, updated_at }));
      if (!saved) return;
      await client.invalidateQueries({ queryKey: ['settings'] });
      notifySuccess('設定を保存しました（再起動なしで反映されます）');
    } catch (error) {
      handleFormError(form, error, FIELDS);
    }
  });
  const num = (name: keyof SystemSettingsInput, label: string, description?: string) => (
    <TextInput label={label} description={description} error={errors[name]?.message} {...form.register(name)} />
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {version.alert}
        {errors.root?.server?.message && <Alert color="danger">{errors.root.server.message}</Alert>}
        <FormSection title="サービス">
          <SimpleGrid cols={2}>
            <TextInput
              label="サービス名"
              description="メールの件名などに使われます"
              {...fieldProps(form, 'service_name')}
            />
            <TextInput
              label="メールの送信元"
              description="例: Chobo（帳簿） <no-reply@example.jp>"
              {...fieldProps(form, 'mail_from')}
            />
          </SimpleGrid>
        </FormSection>
        <FormSection title="新しい企業の初期値">
          <SimpleGrid cols={2}>
            <Controller
              control={form.control}
              name="default_expiration_year"
              render={({ field }) => (
                <Select
                  label="データ保存期間"
                  data={[
                    { value: '7', label: '7年' },
                    { value: '10', label: '10年' },
                  ]}
                  value={String(field.value)}
                  onChange={(v) => field.onChange(Number(v))}
                  error={errors.default_expiration_year?.message}
                />
              )}
            />
            {num('default_max_employee', '従業員数の上限')}
          </SimpleGrid>
        </FormSection>
        <FormSection title="ログイン">
          <SimpleGrid cols={2}>
            {num('token_ttl_seconds', 'ログインの有効時間（秒）', '28800 = 8時間')}
            {num('login_account_failures', 'ロックまでの失敗回数')}
            {num('login_window_seconds', '失敗回数を数える期間（秒）')}
            {num('login_lock_seconds', 'ロック時間（秒）')}
          </SimpleGrid>
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

/** /system/settings: platform settings (applied without restart) and the outgoing mail log. */
export default function SettingsPage() {
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: fetchSystemSettings,
    staleTime: 0,
  });
  const version = useRecordVersion(query.data, async () => (await query.refetch()).data);
  const [opened, setOpened] = useState<MailLogRow | null>(null);
  const columns: AdminColumn<MailLogRow>[] = [
    { label: '日時', sort: 'created_at', w: 150, render: (m) => fmtDateTime(m.created_at) },
    { label: '宛先', sort: 'to', render: (m) => m.to },
    {
      label: '件名',
      render: (m) => (
        <Text
          size="sm"
          component="button"
          type="button"
          onClick={() => setOpened(m)}
          style={{
            background: 'none',
            border: 0,
            padding: 0,
            cursor: 'pointer',
            textAlign: 'left',
            color: 'var(--mantine-color-primary-7)',
          }}
        >
          {m.subject}
        </Text>
      ),
    },
    {
      label: '状態',
      sort: 'status',
      w: 110,
      render: (m) => (
        <Badge variant="light" color={STATUS_COLORS[m.status]} title={m.last_error ?? undefined}>
          {MAIL_STATUS_LABELS[m.status]}
          {m.attempts > 1 ? `（${m.attempts}回）` : ''}
        </Badge>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="システム設定"
        description="保存した設定はサーバーを再起動しなくても反映されます。"
        actions={
          // the 国税庁 registry's offline copy (issue 29); the admin menu stays the specification's
          <Button component={Link} to="/system/registry" variant="light">
            登録番号データ（国税庁の公表データ）
          </Button>
        }
      />
      <Stack gap="xl" maw={1000}>
        {query.isPending ? (
          <Loader />
        ) : query.data ? (
          <SettingsForm key={version.generation} settings={query.data} version={version} />
        ) : null}
        <section aria-labelledby="mail-log">
          <Title order={3} fz={16} mb="sm" id="mail-log">
            送信メールの記録
          </Title>
          <AdminList<MailLogRow>
            path="/api/admin/mail-log"
            queryKey="mail-log"
            sortable={MAIL_LOG_SORTABLE}
            columns={columns}
            placeholder="宛先・件名で検索"
            emptyTitle="送信したメールはまだありません"
            label="送信メールの記録"
          />
        </section>
      </Stack>
      <Modal opened={opened !== null} onClose={() => setOpened(null)} title={opened?.subject} size="lg">
        {opened && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              宛先: {opened.to} ／ {fmtDateTime(opened.created_at)} ／ {MAIL_STATUS_LABELS[opened.status]}
            </Text>
            {opened.last_error && <Alert color="danger">{opened.last_error}</Alert>}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-body">
              {opened.body}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
