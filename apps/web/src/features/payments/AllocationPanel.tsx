import { formatDateJa, formatJPY, type OpenItem, type Payment, type paymentFigures } from '@chobo/core';
import { Alert, Button, Checkbox, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { EmptyBlock } from '../../components/EmptyBlock';
import { NumberField } from '../../components/fields';
import { type FormState, keyOf } from './payment-form-state';

/** 消込: the counterparty's open documents with their remaining amounts, the amount put on each, the totals. */
export function AllocationPanel({
  s,
  set,
  items,
  loading,
  payment,
  narrow,
  figures,
  allocErrors,
  onAutoAllocate,
  onToggle,
  onSettleShort,
  settling,
}: {
  s: FormState;
  set: (patch: Partial<FormState>) => void;
  items: OpenItem[];
  loading: boolean;
  payment: Payment | null;
  narrow: boolean;
  figures: ReturnType<typeof paymentFigures>;
  allocErrors: string[];
  onAutoAllocate: () => void;
  onToggle: (it: OpenItem, on: boolean) => void;
  onSettleShort: (it: OpenItem) => void;
  settling: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={4}>消込（{s.direction === 'in' ? '未入金の請求書・取引' : '未払いの発注取引'}）</Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconWand size={14} />}
          onClick={onAutoAllocate}
          disabled={items.length === 0}
        >
          古い順に自動消込
        </Button>
      </Group>
      {s.customer_id === null ? (
        <Text c="dimmed" size="sm">
          取引先を選ぶと、未消込の書類が古い順に表示されます。
        </Text>
      ) : items.length === 0 && !loading ? (
        <EmptyBlock title="未消込の書類はありません" description="消し込まない額は前受金（支払は前渡金）になります。" />
      ) : (
        <Table.ScrollContainer minWidth={narrow ? 0 : 560}>
          <Table verticalSpacing={6} fz="sm" horizontalSpacing={narrow ? 4 : 'sm'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36} />
                <Table.Th>書類</Table.Th>
                {!narrow && <Table.Th>期日</Table.Th>}
                <Table.Th ta="right">残額</Table.Th>
                <Table.Th ta="right" w={narrow ? 110 : 170}>
                  消込額
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((it) => {
                const k = keyOf(it);
                const a = s.alloc[k] ?? 0;
                const shortBy = it.remaining - a;
                return (
                  <Table.Tr key={k}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${it.label}を消し込む`}
                        checked={a > 0}
                        onChange={(e) => onToggle(it, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{it.label}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateJa(it.date)}・合計 {formatJPY(it.total)}
                        {narrow && it.due_date && `・期日 ${formatDateJa(it.due_date)}`}
                      </Text>
                    </Table.Td>
                    {!narrow && <Table.Td>{it.due_date ? formatDateJa(it.due_date) : '—'}</Table.Td>}
                    <Table.Td ta="right" ff="monospace">
                      {formatJPY(it.remaining)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <NumberField
                        aria-label={`${it.label}の消込額`}
                        size="xs"
                        value={a || ''}
                        onChange={(v) =>
                          set({ alloc: { ...s.alloc, [k]: Math.max(0, Math.min(it.remaining, Number(v) || 0)) } })
                        }
                        thousandSeparator=","
                        min={0}
                        max={it.remaining}
                        allowDecimal={false}
                      />
                      {payment &&
                        s.direction === 'in' &&
                        a > 0 &&
                        shortBy > 0 &&
                        shortBy <= 5_000 &&
                        it.kind !== 'transaction_document' && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            mt={4}
                            onClick={() => onSettleShort(it)}
                            loading={settling}
                          >
                            不足 {formatJPY(shortBy)} を手数料として精算
                          </Button>
                        )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {allocErrors.length > 0 && (
        <Alert color="red" mt="sm">
          {allocErrors.join(' ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="lg" mt="sm" wrap="wrap">
        <Text size="sm">
          消込対象額 <b>{formatJPY(figures.settled)}</b>
        </Text>
        <Text size="sm">
          消込額 <b>{formatJPY(figures.allocated)}</b>
        </Text>
        <Text
          size="sm"
          c={figures.unallocated < 0 ? 'red' : figures.unallocated > 0 ? 'orange' : 'teal'}
          data-testid="remaining"
        >
          残り <b>{formatJPY(figures.unallocated)}</b>
          {figures.unallocated > 0 && `（${s.direction === 'in' ? '前受金' : '前渡金'}）`}
        </Text>
      </Group>
    </Paper>
  );
}
