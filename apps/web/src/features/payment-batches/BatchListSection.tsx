import {
  formatDateJa,
  formatJPY,
  isPermitted,
  PAYMENT_BATCH_STATUSES,
  type PaymentBatch,
  type PaymentBatchStatus,
  type PaymentBatchTransfer,
} from '@chobo/core';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import {
  type ColumnSpec,
  type FilterSpec,
  PHONE_QUERY,
  type PhoneCardSpec,
  ResourceList,
} from '../../components/resource-list';
import { ApiError } from '../../lib/api';
import { notifyInfo, notifySuccess } from '../../lib/notify';
import { useMe, usePermissions } from '../../lib/session';
import { useBatch, useBatchPage, useBatchStep, useZenginDownload } from './api';

const COLORS: Record<PaymentBatchStatus, string> = {
  draft: 'yellow',
  approved: 'blue',
  exported: 'grape',
  paid: 'teal',
};

function StatusBadge({ status }: { status: PaymentBatchStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} data-testid="batch-status">
      {PAYMENT_BATCH_STATUSES[status]}
    </Badge>
  );
}

const FILTERS: FilterSpec[] = [
  {
    type: 'select',
    key: 'status',
    label: '状態',
    placeholder: 'すべて',
    data: Object.entries(PAYMENT_BATCH_STATUSES).map(([value, label]) => ({ value, label })),
    valid: (v) => Object.hasOwn(PAYMENT_BATCH_STATUSES, v),
    w: 130,
  },
  {
    type: 'dateRange',
    from: 'from',
    to: 'to',
    fromLabel: '支払日（から）',
    toLabel: '（まで）',
    visibleLabels: true,
    w: 150,
  },
];

const COLUMNS: ColumnSpec<PaymentBatch>[] = [
  { label: 'No.', render: (x) => x.id },
  { label: '支払日', render: (x) => formatDateJa(x.payment_date) },
  { label: '状態', render: (x) => <StatusBadge status={x.status} /> },
  { label: '振込', align: 'right', headerAlign: 'right', render: (x) => `${x.transfer_count}件` },
  { label: '振込金額', align: 'right', headerAlign: 'right', render: (x) => formatJPY(x.transfer_total) },
  { label: '作成', render: (x) => x.created_by_name ?? '—' },
  { label: '承認', render: (x) => x.approved_by_name ?? '—' },
];

const CARD: PhoneCardSpec<PaymentBatch> = {
  framed: true,
  render: (x) => (
    <Group justify="space-between" wrap="nowrap">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          No.{x.id} {formatDateJa(x.payment_date)}
        </Text>
        <Text size="xs" c="dimmed">
          振込 {x.transfer_count}件・作成 {x.created_by_name ?? '—'}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end">
        <StatusBadge status={x.status} />
        <Text size="sm" fw={700} ff="monospace">
          {formatJPY(x.transfer_total)}
        </Text>
      </Stack>
    </Group>
  ),
};

const feeText = (t: PaymentBatchTransfer) =>
  t.fee > 0 ? `${formatJPY(t.fee)}（${t.fee_bearer === 'them' ? '先方' : '当方'}）` : '—';

/** One batch: its transfers, and the next step (承認 by another approver, 全銀ファイル, 支払確定, 削除). */
function BatchDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useBatch(id);
  const me = useMe();
  const canApprove = isPermitted('payment-batches.approve', usePermissions());
  const step = useBatchStep();
  const zengin = useZenginDownload();
  const [error, setError] = useState<string | null>(null);
  // on a phone 支払額 and 手数料 go under the supplier, so that 振込金額 stays on the screen
  const narrow = useMediaQuery(PHONE_QUERY) ?? false;
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ApiError ? [e.message, ...Object.values(e.errors).flat()].join(' / ') : '失敗しました');
    }
  };
  const batch = q.data;
  if (!batch) return <Loader size="sm" />;
  const mine = me?.user_id === batch.created_by;
  return (
    <Stack>
      <Group gap="xs">
        <StatusBadge status={batch.status} />
        <Text size="sm">
          支払日 {formatDateJa(batch.payment_date)}・{batch.bank_account_label}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={narrow ? 0 : 420}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>取引先</Table.Th>
              {!narrow && <Table.Th ta="right">支払額</Table.Th>}
              {!narrow && <Table.Th ta="right">手数料</Table.Th>}
              <Table.Th ta="right">振込金額</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batch.transfers.map((t) => (
              <Table.Tr key={t.customer_id} data-testid="batch-transfer">
                <Table.Td>
                  {t.customer_name}
                  {narrow && (
                    <Text size="xs" c="dimmed">
                      支払額 {formatJPY(t.settles)}・手数料 {feeText(t)}
                    </Text>
                  )}
                </Table.Td>
                {!narrow && <Table.Td ta="right">{formatJPY(t.settles)}</Table.Td>}
                {!narrow && <Table.Td ta="right">{feeText(t)}</Table.Td>}
                <Table.Td ta="right" ff="monospace">
                  {formatJPY(t.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {batch.export_count > 0 && (
        <Text size="xs" c="dimmed">
          全銀ファイルは {batch.export_count}回 出力済です
        </Text>
      )}
      {error && (
        <Alert color="red" data-testid="batch-error">
          {error}
        </Alert>
      )}
      <Group>
        {batch.status === 'draft' && canApprove && (
          <Button
            disabled={mine}
            title={mine ? '作成した人は承認できません' : undefined}
            loading={step.isPending}
            onClick={() =>
              run(() => step.mutateAsync({ batch, step: 'approve' }).then(() => notifySuccess('承認しました')))
            }
          >
            承認
          </Button>
        )}
        {batch.status !== 'draft' && (
          <Button
            variant="light"
            loading={zengin.isPending}
            onClick={() =>
              run(async () => {
                const r = await zengin.mutateAsync(batch);
                if (r.again) notifyInfo(`${r.name} を再出力しました（出力済のファイルです）`);
                else notifySuccess(`${r.name} を出力しました`);
              })
            }
          >
            全銀ファイル
          </Button>
        )}
        {(batch.status === 'approved' || batch.status === 'exported') && (
          <Button
            variant="light"
            color="teal"
            loading={step.isPending}
            onClick={() =>
              run(() =>
                step.mutateAsync({ batch, step: 'confirm' }).then(() => {
                  notifySuccess('支払を登録しました（書類は支払済）');
                  onClose();
                }),
              )
            }
          >
            支払確定（明細なし）
          </Button>
        )}
        {batch.status === 'draft' && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => run(() => step.mutateAsync({ batch, step: 'delete' }).then(onClose))}
          >
            削除
          </Button>
        )}
      </Group>
    </Stack>
  );
}

const EMPTY = { title: '振込データはまだありません', description: '「支払予定」から書類を選んで作成してください。' };

/** 振込データ: the batches (filters: 状態, 支払日), each opened with its transfers and next step. */
export function BatchListSection() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ResourceList<PaymentBatch>
        label="振込データ一覧"
        useData={useBatchPage}
        sortable={[]}
        columns={COLUMNS}
        rowTestId="batch-row"
        card={CARD}
        filters={FILTERS}
        onOpen={(x) => setOpen(x.id)}
        minWidth={640}
        empty={EMPTY}
        emptyFiltered={EMPTY}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? `振込データ No.${open}` : ''} size="lg">
        {open && <BatchDetail id={open} onClose={() => setOpen(null)} />}
      </Modal>
    </>
  );
}
