import { formatDateJa, formatJPY, type PaymentScheduleItem } from '@chobo/core';
import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyBlock } from '../../components/EmptyBlock';
import { DateField, MoneyField } from '../../components/fields';
import { PHONE_QUERY } from '../../components/resource-list';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useBankAccountOptions } from '../payments/api';
import { useCreateBatch, usePaymentSchedule } from './api';

/** The document's label, what is already in a batch, and (on a phone, where the column is left out) 未払額. */
function DocumentCell({ item, remaining }: { item: PaymentScheduleItem; remaining?: boolean }) {
  return (
    <>
      <Text size="sm">{item.label}</Text>
      {remaining && (
        <Text size="xs" c="dimmed" ff="monospace">
          未払 {formatJPY(item.remaining)}
        </Text>
      )}
      {item.in_batches > 0 && (
        <Text size="xs" c="dimmed">
          振込データに {formatJPY(item.in_batches)}
        </Text>
      )}
    </>
  );
}

/**
 * 支払予定: the open payables by payment date; tick documents (the amount defaults to what is still
 * available, a part may be paid), choose the paying account and the date, and make a 振込データ (承認待ち).
 */
export function ScheduleSection({ onCreated }: { onCreated: (id: number) => void }) {
  const q = usePaymentSchedule();
  const banks = useBankAccountOptions();
  const create = useCreateBatch();
  const [chosen, setChosen] = useState<Map<number, number>>(new Map());
  const [date, setDate] = useState('');
  const [bank, setBank] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // on a phone 書類 and 未払額 go under the supplier, so that 支払額 stays on the screen
  const narrow = useMediaQuery(PHONE_QUERY) ?? false;
  const groups = q.data?.groups ?? [];
  const toggle = (item: PaymentScheduleItem, on: boolean, groupDate: string | null) => {
    const next = new Map(chosen);
    if (on) next.set(item.id, item.available);
    else next.delete(item.id);
    setChosen(next);
    if (on && !date && groupDate) setDate(groupDate);
  };
  const total = [...chosen.values()].reduce((s, v) => s + (v || 0), 0);
  const submit = async () => {
    setError(null);
    try {
      const batch = await create.mutateAsync({
        payment_date: date,
        bank_account_id: Number(bank ?? 0),
        items: [...chosen].map(([transaction_document_id, amount]) => ({ transaction_document_id, amount })),
      });
      notifySuccess(`振込データ No.${batch.id} を作成しました（承認待ち）`);
      setChosen(new Map());
      onCreated(batch.id);
    } catch (e) {
      setError(
        e instanceof ApiError ? [e.message, ...Object.values(e.errors).flat()].join(' / ') : '作成できませんでした',
      );
    }
  };
  if (!q.isPending && groups.length === 0) return <EmptyBlock title="支払予定の書類はありません" />;
  return (
    <Stack gap="md">
      {groups.map((g) => (
        <Paper key={g.payment_date ?? 'none'} withBorder radius="md" p="md" data-testid="schedule-group">
          <Group justify="space-between" mb="xs">
            <Text fw={700}>{g.payment_date ? `支払日 ${formatDateJa(g.payment_date)}` : '期日未設定'}</Text>
            <Text ff="monospace">{formatJPY(g.total)}</Text>
          </Group>
          <Table.ScrollContainer minWidth={narrow ? 0 : 560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>{narrow ? '取引先・書類' : '取引先'}</Table.Th>
                  {!narrow && <Table.Th>書類</Table.Th>}
                  {!narrow && <Table.Th ta="right">未払額</Table.Th>}
                  <Table.Th ta="right">支払額</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {g.items.map((item) => (
                  <Table.Tr key={item.id} data-testid="schedule-item">
                    <Table.Td>
                      <Checkbox
                        aria-label={`${item.customer_name} ${item.label} を選ぶ`}
                        checked={chosen.has(item.id)}
                        disabled={item.available <= 0}
                        onChange={(e) => toggle(item, e.currentTarget.checked, g.payment_date)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {item.customer_name}
                      {!item.has_bank_account && (
                        <Badge ml={6} size="xs" color="yellow" variant="light">
                          振込先未登録
                        </Badge>
                      )}
                      {narrow && <DocumentCell item={item} remaining />}
                    </Table.Td>
                    {!narrow && (
                      <Table.Td>
                        <DocumentCell item={item} />
                      </Table.Td>
                    )}
                    {!narrow && (
                      <Table.Td ta="right" ff="monospace">
                        {formatJPY(item.remaining)}
                      </Table.Td>
                    )}
                    <Table.Td ta="right" w={narrow ? 120 : 150}>
                      {chosen.has(item.id) ? (
                        <MoneyField
                          aria-label="支払額"
                          size="xs"
                          value={chosen.get(item.id)}
                          onChange={(v) => setChosen(new Map(chosen).set(item.id, Number(v) || 0))}
                        />
                      ) : (
                        <Text size="sm" c="dimmed" ff="monospace">
                          {formatJPY(item.available)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      <Paper withBorder radius="md" p="md" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
        {error && (
          <Alert color="red" mb="sm" data-testid="batch-error">
            {error}
          </Alert>
        )}
        <Group align="flex-end" wrap="wrap">
          <DateField label="支払日" value={date} onChange={setDate} w={160} />
          <Select
            label="振込元の口座"
            data={banks}
            value={bank}
            onChange={setBank}
            w={280}
            placeholder="選択してください"
          />
          <Text fw={700} ff="monospace" mb={6}>
            {chosen.size}件 {formatJPY(total)}
          </Text>
          <Button
            leftSection={<IconFileExport size={16} />}
            disabled={chosen.size === 0}
            loading={create.isPending}
            onClick={submit}
          >
            振込データを作成
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
