import { formatDateJa } from '@chobo/core';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBook2, IconFileInvoice, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { invoiceCreatePath } from '../invoices/labels';
import { DEFAULT_TAX_SETTINGS, useDeleteTransaction, useSaveTransaction, useTaxSettings, useTransaction } from './api';
import { ConflictAlert } from './ConflictAlert';
import { listPathFrom, toFormValues } from './form-values';
import { journalEntryPath, STATUS_COLORS, statusLabel } from './labels';
import { TransactionForm } from './TransactionForm';

function parseId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /company/transactions/edit?id=N */
export default function TransactionEditPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const navigate = useNavigate();
  const backTo = listPathFrom(useLocation().state);
  const transaction = useTransaction(id);
  const tax = useTaxSettings();
  const save = useSaveTransaction(id);
  const remove = useDeleteTransaction();
  // The version the form was filled from; a save after someone else's is refused (409), never merged.
  const openedVersion = useRef<string | null>(null);
  if (transaction.data && openedVersion.current === null) openedVersion.current = transaction.data.updated_at;
  const [conflict, setConflict] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await transaction.refetch();
      if (fresh.data) {
        openedVersion.current = fresh.data.updated_at;
        setConflict(null);
        setFormKey((k) => k + 1);
      }
    } finally {
      setReloading(false);
    }
  };

  const missing =
    id === null ||
    (transaction.isError && transaction.error instanceof ApiError && [404, 422].includes(transaction.error.status));
  if (missing) {
    return (
      <>
        <PageHeader title="受注取引の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="受注取引が見つかりません"
            description="削除されたか、URLが正しくない可能性があります。"
            action={
              <Button component={Link} to={backTo} variant="light">
                受注取引一覧に戻る
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (transaction.isError && !transaction.data) {
    return (
      <>
        <PageHeader title="受注取引の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="受注取引を読み込めませんでした"
            description={transaction.error.message}
            action={
              <Button variant="light" onClick={() => void transaction.refetch()}>
                再読み込み
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (!transaction.data || tax.isPending) {
    return (
      <>
        <PageHeader title="受注取引の編集" />
        <Stack gap="lg" aria-busy>
          <Skeleton height={180} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </>
    );
  }

  const record = transaction.data;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: '受注取引の削除',
      children: (
        <Text size="sm">
          No.{record.number}「{record.subject}」を削除しますか？売上の仕訳も取り消されます。この操作は元に戻せません。
        </Text>
      ),
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(record.id, {
          onSuccess: () => {
            notifySuccess(`受注取引 No.${record.number} を削除しました`);
            navigate(backTo);
          },
          // e.g. 422: 請求済・入金済の取引は削除できません
          onError: (error) => notifyError(error.message),
        }),
    });

  return (
    <>
      <PageHeader
        title="受注取引の編集"
        description={
          <Group gap={8} wrap="wrap">
            <Text span size="sm" fw={700} c="dark" data-testid="transaction-number">
              No.{record.number}
            </Text>
            <Badge variant="light" radius="sm" color={STATUS_COLORS[record.status] ?? 'gray'}>
              {statusLabel(record.status)}
            </Badge>
            <span>更新日 {formatDateJa(record.updated_at)}</span>
            {record.journal_entry_id && (
              <Anchor component={Link} to={journalEntryPath(record.journal_entry_id)} size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconBook2 size={14} />
                  仕訳を見る
                </Group>
              </Anchor>
            )}
            {record.write_off_entry_id && (
              <Anchor component={Link} to={journalEntryPath(record.write_off_entry_id)} size="sm">
                貸倒損失の仕訳
              </Anchor>
            )}
          </Group>
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            {record.status === 0 && (
              <Button
                component={Link}
                to={invoiceCreatePath([record.id])}
                variant="light"
                leftSection={<IconFileInvoice size={16} />}
              >
                請求書を作成
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              削除
            </Button>
          </Group>
        }
      />
      <TransactionForm
        key={`${record.id}-${formKey}`}
        defaultValues={toFormValues(record, record.tax_mode)}
        rounding={(tax.data ?? DEFAULT_TAX_SETTINGS).tax_rounding}
        customerName={record.customer_name}
        backTo={backTo}
        submitLabel="更新する"
        banner={
          conflict ? <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} /> : null
        }
        onSubmit={async (values) => {
          try {
            await save.mutateAsync({ ...values, updated_at: openedVersion.current ?? undefined });
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) {
              setConflict(error.message);
              return;
            }
            throw error;
          }
          notifySuccess('受注取引を更新しました');
          navigate(backTo);
        }}
      />
    </>
  );
}
