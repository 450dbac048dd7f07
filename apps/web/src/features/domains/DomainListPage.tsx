import {
  COMPANY_PERMISSION_DESCRIPTIONS,
  COMPANY_PERMISSION_LABELS,
  COMPANY_PERMISSIONS,
  DOMAIN_ROLES,
  DOMAIN_SORTABLE,
  type Domain,
  type DomainInput,
  domainInput,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { type RecordVersion, useRecordVersion } from '../../lib/conflict';
import { fieldProps } from '../../lib/field-props';
import { handleFormError } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type AdminColumn, AdminList } from '../admin-shared/AdminList';
import { createDomain, DOMAINS_PATH, deleteDomain, fetchDomain, updateDomain, uploadDomainLogo } from './api';

const PATH = DOMAINS_PATH;
const KEY = 'domains';
const ROLE_LABELS: Record<string, string> = {
  'product-master-registration': '商品マスタ登録',
  'preparation-of-tax-return': '確定申告書の作成',
};

/** The dialog's form; an edit sends back the updated_at it read and offers a reload on 409. */
function DomainForm({ domain, onDone }: { domain: Domain | null; onDone: () => void }) {
  const [record, setRecord] = useState(domain);
  const version = useRecordVersion(record, async () => {
    if (!domain) return null;
    const fresh = await fetchDomain(domain.id);
    setRecord(fresh);
    return fresh;
  });
  return <DomainFormBody key={version.generation} domain={record} version={version} onDone={onDone} />;
}

function DomainFormBody({
  domain,
  version,
  onDone,
}: {
  domain: Domain | null;
  version: RecordVersion;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [logo, setLogo] = useState<string | null>(domain?.logo_url ?? null);
  const form = useForm<DomainInput>({
    resolver: zodResolver(domainInput),
    defaultValues: {
      name: domain?.name ?? '',
      host: domain?.host ?? '',
      roles: domain?.roles ?? [],
      permissions: domain?.permissions ?? [...COMPANY_PERMISSIONS],
      is_default: domain?.is_default ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (domain) {
        const saved = await version.save((updated_at) => updateDomain(domain.id, { ...values, updated_at }));
        if (!saved) return;
      } else await createDomain(values);
      await client.invalidateQueries({ queryKey: [KEY] });
      notifySuccess(domain ? 'ドメインを更新しました' : 'ドメインを登録しました');
      onDone();
    } catch (error) {
      handleFormError(form, error, ['name', 'host', 'roles', 'permissions', 'is_default']);
    }
  });
  const upload = async (file: File | null) => {
    if (!file || !domain) return;
    const body = new FormData();
    body.append('file', file);
    try {
      const res = await uploadDomainLogo(domain.id, body);
      setLogo(res.data.logo_url);
      version.adopt(res.data.updated_at);
      await client.invalidateQueries({ queryKey: [KEY] });
      notifySuccess('ロゴを更新しました');
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {version.alert}
        {errors.root?.server?.message && <Alert color="danger">{errors.root.server.message}</Alert>}
        <SimpleGrid cols={2}>
          <TextInput label="ドメイン名" required {...fieldProps(form, 'name')} />
          <TextInput label="ホスト名" placeholder="partner.example.jp" required {...fieldProps(form, 'host')} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <Checkbox.Group label="ロール" value={field.value as string[]} onChange={field.onChange}>
              <Group mt={4}>
                {DOMAIN_ROLES.map((r) => (
                  <Checkbox key={r} value={r} label={ROLE_LABELS[r] ?? r} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => (
            <Checkbox.Group
              label="企業に与える権限"
              description="変更はこのドメインの企業ユーザーの次の操作から反映されます"
              value={field.value as string[]}
              onChange={field.onChange}
              error={errors.permissions?.message}
            >
              <SimpleGrid cols={2} mt={6} spacing="sm">
                {COMPANY_PERMISSIONS.map((p) => (
                  <Checkbox
                    key={p}
                    value={p}
                    label={COMPANY_PERMISSION_LABELS[p]}
                    description={COMPANY_PERMISSION_DESCRIPTIONS[p]}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <Switch label="新しい企業の既定のドメインにする" {...form.register('is_default')} />
        {domain && (
          <Group>
            {logo ? (
              <Image src={logo} h={40} w="auto" alt="ロゴ" />
            ) : (
              <Text size="sm" c="dimmed">
                ロゴ未設定
              </Text>
            )}
            <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg">
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                  ロゴをアップロード（PNG/JPEG・1MBまで）
                </Button>
              )}
            </FileButton>
          </Group>
        )}
        <FormActions onCancel={onDone} mt="sm" submitLabel={domain ? '更新する' : '登録する'} loading={isSubmitting} />
      </Stack>
    </form>
  );
}

/** /system/domains — list, create and edit in a dialog, logo upload. */
export default function DomainListPage() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Domain | 'new' | null>(null);
  const remove = (d: Domain) =>
    modals.openConfirmModal({
      title: 'ドメインの削除',
      children: <Text size="sm">「{d.name}」を削除しますか？</Text>,
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'danger' },
      onConfirm: async () => {
        try {
          await deleteDomain(d.id);
          notifySuccess(`「${d.name}」を削除しました`);
          await client.invalidateQueries({ queryKey: [KEY] });
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });
  const columns: AdminColumn<Domain>[] = [
    {
      label: 'ドメイン名',
      sort: 'name',
      render: (d) => (
        <Group gap={8}>
          {d.logo_url && <Image src={d.logo_url} h={20} w="auto" alt="" />}
          <Text size="sm" fw={600}>
            {d.name}
          </Text>
          {d.is_default && (
            <Badge size="xs" variant="light">
              既定
            </Badge>
          )}
        </Group>
      ),
    },
    { label: 'ホスト名', sort: 'host', render: (d) => d.host },
    { label: '権限', w: 90, render: (d) => `${d.permissions.length}件` },
    { label: '企業数', w: 80, render: (d) => `${d.companies_count}社` },
    {
      label: '操作',
      w: 150,
      render: (d) => (
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => setEditing(d)}>
            編集
          </Button>
          {!d.is_default && d.companies_count === 0 && (
            <Button size="compact-sm" variant="subtle" color="danger" onClick={() => remove(d)}>
              削除
            </Button>
          )}
        </Group>
      ),
    },
  ];
  const create = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      ドメインを登録する
    </Button>
  );
  return (
    <>
      <PageHeader
        title="ドメイン一覧"
        description="ドメインごとに、企業に与える権限とロゴを設定します。"
        actions={create}
      />
      <AdminList<Domain>
        path={PATH}
        queryKey={KEY}
        sortable={DOMAIN_SORTABLE}
        columns={columns}
        placeholder="ドメイン名・ホスト名で検索"
        emptyTitle="ドメインが登録されていません"
        emptyAction={create}
        label="ドメイン一覧"
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'ドメインの登録' : 'ドメインの編集'}
        size="xl"
      >
        {editing !== null && <DomainForm domain={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
