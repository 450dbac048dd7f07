import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { formatAmount } from './format';
import { type SplitTax, sideSummary, type Totals, unbalancedReason } from './journal-form-values';
import type { JournalFormState, TaxInputMode } from './use-journal-form';

/**
 * The footer row of the 仕訳行 table: 借方合計 / 貸方合計, then 貸借一致 or the 差額 with the side that lacks it;
 * after a refused Ctrl+Enter (`blocked`) the reason under it.
 */
export function JournalTotalsRow({
  totals,
  blocked,
  readOnly,
}: {
  totals: Totals;
  blocked: boolean;
  readOnly: boolean;
}) {
  return (
    <Table.Tfoot bg="gray.0">
      <Table.Tr>
        <Table.Td />
        <Table.Td>
          <Text size="sm" fw={600}>
            合計
          </Text>
        </Table.Td>
        <Table.Td ta="right" className="tabular" data-testid="debit-total">
          <Text size="sm" fw={700} ff="monospace" aria-label="借方合計">
            {formatAmount(totals.debit)}
          </Text>
        </Table.Td>
        <Table.Td ta="right" data-testid="credit-total">
          <Text size="sm" fw={700} ff="monospace" aria-label="貸方合計">
            {formatAmount(totals.credit)}
          </Text>
        </Table.Td>
        <Table.Td colSpan={readOnly ? 2 : 3}>
          {totals.balanced ? (
            <Badge color="success" variant="light" leftSection={<IconCheck size={12} />} data-testid="difference">
              貸借一致
            </Badge>
          ) : (
            <Text size="sm" c={totals.difference === 0 ? 'dimmed' : 'danger'} fw={600} data-testid="difference">
              差額 {formatAmount(Math.abs(totals.difference))}
              {totals.difference > 0 ? '（貸方不足）' : totals.difference < 0 ? '（借方不足）' : ''}
            </Text>
          )}
          {blocked && !totals.balanced && (
            <Text size="xs" c="danger" mt={2} role="alert" data-testid="unbalanced-reason">
              {unbalancedReason(totals)}
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
    </Table.Tfoot>
  );
}

/** Under 税抜経理: each split line's net amount and the 仮払/仮受消費税等 added to it. */
export function TaxSplitPreview({
  taxes,
  inputMode,
  lineAccountName,
  accountName,
}: {
  taxes: SplitTax[];
  inputMode: TaxInputMode;
  /** The account name of a form line, read when shown. */
  lineAccountName: (formIndex: number) => string | null;
  accountName: (id: number) => string | undefined;
}) {
  return (
    <Stack gap={2} mt={6} data-testid="tax-split">
      {taxes.map((t) => (
        <Text key={t.formIndex} size="xs" c="dimmed">
          {t.formIndex + 1}行目 {lineAccountName(t.formIndex)}：本体 {formatAmount(t.net)} ＋{' '}
          {accountName(t.account_id)} {formatAmount(t.amount)}（
          {inputMode === 'inclusive' ? '税込金額から計算' : '税抜金額に加算'}）
        </Text>
      ))}
    </Stack>
  );
}

/** 行を追加 (Enter does the same on the last line) and the 借方 ／ 貸方 相手科目 summary. */
export function JournalEntrySummary({
  names,
  addLine,
  readOnly,
}: Pick<JournalFormState, 'names' | 'addLine'> & { readOnly: boolean }) {
  return (
    <Group justify="space-between" mt="sm">
      {!readOnly ? (
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={addLine} tabIndex={-1}>
          行を追加
        </Button>
      ) : (
        <span />
      )}
      <Text size="xs" c="dimmed" data-testid="entry-summary">
        借方 {sideSummary(names.debit)} ／ 貸方 {sideSummary(names.credit)}
      </Text>
    </Group>
  );
}
