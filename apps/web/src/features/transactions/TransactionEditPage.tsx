import type { Transaction } from '@chobo/core';
import { formatDateJa } from '@chobo/core';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBook2, IconFileInvoice, IconTrash } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage, useRecordId } from '../../components/record-page/RecordPage';
import { notifyError, notifySuccess } from '../../lib/notify';
import { invoiceCreatePath } from '../invoices/labels';
import { DEFAULT_TAX_SETTINGS, useDeleteTransaction, useSaveTransaction, useTaxSettings, useTransaction } from './api';
import { listPathFrom, toFormValues } from './form-values';
import { journalEntryPath, STATUS_COLORS, statusLabel } from './labels';
import { TransactionForm } from './TransactionForm';

/** /company/transactions/edit?id=N */
export default function TransactionEditPage() {
  const id = useRecordId();
  const navigate = useNavigate();
  const backTo = listPathFrom(useLocation().state);
  const transaction = useTransaction(id);
  const tax = useTaxSettings();
  const save = useSaveTransaction(id);
  const remove = useDeleteTransaction();
  return (
    <RecordPage
      title="受注取引の編集"
      noun="受注取引"
      id={id}
      query={transaction}
      ready={!tax.isPending}
      back={{ to: backTo, label: '受注取引一覧に戻る' }}
      skeleton={[180, 220]}
    >
      {(record, version) => (
        <>
          <TransactionHeader
            record={record}
            deleting={remove.isPending}
            onDelete={() => confirmDelete(record, remove.mutate, () => navigate(backTo))}
          />
          <TransactionForm
            key={`${record.id}-${version.generation}`}
            defaultValues={toFormValues(record, record.tax_mode)}
            rounding={(tax.data ?? DEFAULT_TAX_SETTINGS).tax_rounding}
            customerName={record.customer_name}
            backTo={backTo}
            submitLabel="更新する"
            banner={version.alert}
            onSubmit={async (values) => {
              const saved = await version.save((updated_at) => save.mutateAsync({ ...values, updated_at }));
              if (!saved) return;
              notifySuccess('受注取引を更新しました');
              navigate(backTo);
            }}
          />
        </>
      )}
    </RecordPage>
  );
}

type Remove = ReturnType<typeof useDeleteTransaction>['mutate'];

function confirmDelete(record: Transaction, remove: Remove, after: () => void) {
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
      remove(record.id, {
        onSuccess: () => {
          notifySuccess(`受注取引 No.${record.number} を削除しました`);
          after();
        },
        // e.g. 422: 請求済・入金済の取引は削除できません
        onError: (error) => notifyError(error.message),
      }),
  });
}

function TransactionHeader({
  record,
  deleting,
  onDelete,
}: {
  record: Transaction;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
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
            onClick={onDelete}
            loading={deleting}
          >
            削除
          </Button>
        </Group>
      }
    />
  );
}
