import { ACCOUNT_CATEGORIES, type Account, type FiscalYearCreateInput, type FiscalYearCreateValues } from '@chobo/core';
import { Alert, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { NumberField } from '../../components/fields';
import { ApiError } from '../../lib/api';
import { formatAmount } from './format';

const BS_CATEGORIES = ['asset', 'liability', 'net_assets'] as const;

/** Balance amounts (on each account's normal side; negative = the other side) → debit/credit lines. */
export function openingLines(accounts: Account[], amounts: Record<number, number>) {
  const lines: NonNullable<FiscalYearCreateValues['opening_balances']> = [];
  for (const account of accounts) {
    const amount = amounts[account.id] ?? 0;
    if (!amount) continue;
    const debitSide = (account.normal_side === 'debit') === amount > 0;
    lines.push({
      account_id: account.id,
      debit: debitSide ? Math.abs(amount) : 0,
      credit: debitSide ? 0 : Math.abs(amount),
    });
  }
  const debit = lines.reduce((s, l) => s + l.debit, 0);
  const credit = lines.reduce((s, l) => s + l.credit, 0);
  return { lines, debit, credit };
}

/**
 * 期首残高を入力して年度を作成: one balance per balance-sheet account (on its normal side), totals live,
 * creation only when 借方 = 貸方. Posts `{ start_date, opening_balances }` to the fiscal-years call.
 */
export function OpeningBalancesModal({
  accounts,
  onClose,
  onSubmit,
}: {
  accounts: Account[];
  onClose: () => void;
  onSubmit: (body: FiscalYearCreateInput) => Promise<unknown>;
}) {
  const rows = useMemo(
    () =>
      accounts
        .filter((a) => a.is_active && (BS_CATEGORIES as readonly string[]).includes(a.category))
        .sort((a, b) => a.code.localeCompare(b.code)),
    [accounts],
  );
  const [start, setStart] = useState('');
  // raw input values ('-' while typing a negative), numbers once complete
  const [raw, setRaw] = useState<Record<number, number | string>>({});
  const amounts: Record<number, number> = {};
  for (const [id, v] of Object.entries(raw)) if (typeof v === 'number' && Number.isFinite(v)) amounts[Number(id)] = v;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { lines, debit, credit } = openingLines(rows, amounts);
  const balanced = debit === credit;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ ...(start ? { start_date: start } : {}), opening_balances: lines });
      onClose();
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 422
          ? Object.values(e.errors).flat().join(' ') || e.message
          : e instanceof Error
            ? e.message
            : 'エラーが発生しました。',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="期首残高を入力して年度を作成" size="xl">
      <Stack gap="sm">
        <Group align="flex-end">
          <TextInput
            type="date"
            label="年度の開始日"
            description="空欄: 最新の年度の翌年度"
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            w={200}
          />
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            各科目の期首残高を、その科目の通常の側（資産は借方、負債・純資産は貸方）の金額で入力します。反対側の残高はマイナスで入力してください。
          </Text>
        </Group>
        <ScrollArea h={380} type="auto">
          <Table verticalSpacing={2} horizontalSpacing="sm" aria-label="期首残高">
            <Table.Thead bg="gray.0" style={{ position: 'sticky', top: 0, zIndex: 1 }}>
              <Table.Tr>
                <Table.Th w={80}>コード</Table.Th>
                <Table.Th>勘定科目</Table.Th>
                <Table.Th w={90}>区分</Table.Th>
                <Table.Th w={180} ta="right">
                  期首残高
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    <Text size="xs" ff="monospace" c="dimmed">
                      {account.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{account.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {ACCOUNT_CATEGORIES[account.category]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberField
                      size="xs"
                      aria-label={`${account.name}の期首残高`}
                      thousandSeparator=","
                      allowDecimal={false}
                      hideControls
                      value={raw[account.id] ?? ''}
                      onChange={(v) => setRaw((prev) => ({ ...prev, [account.id]: v }))}
                      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Group justify="space-between">
          <Group gap="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Text size="sm">
              借方合計 <b data-testid="opening-debit">{formatAmount(debit)}</b>
            </Text>
            <Text size="sm">
              貸方合計 <b data-testid="opening-credit">{formatAmount(credit)}</b>
            </Text>
            {balanced ? (
              <Badge color="success" variant="light">
                貸借一致
              </Badge>
            ) : (
              <Text size="sm" c="danger" fw={600} data-testid="opening-difference">
                差額 {formatAmount(Math.abs(debit - credit))}
              </Text>
            )}
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button disabled={!balanced} loading={busy} onClick={() => void submit()}>
              年度を作成
            </Button>
          </Group>
        </Group>
        {error && (
          <Alert color="danger" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
