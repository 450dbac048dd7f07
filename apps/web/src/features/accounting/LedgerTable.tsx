import { formatDateJa } from '@chobo/core';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { num } from './BookPanel';
import { formatAmount, formatAmountOrBlank } from './format';
import { JOURNAL_PATH } from './JournalEntryPages';
import { SourceLink } from './SourceLink';
import type { Ledger } from './types';

/**
 * One page of 総勘定元帳: the balance brought in (前期繰越 on the first page, 前頁繰越 after), the lines with
 * their running balance, and the page's totals carried on (次頁繰越, 次期繰越 on the last page).
 */
export function LedgerTable({
  ledger,
  firstPage,
  lastPage,
  readOnly,
}: {
  ledger: Ledger;
  firstPage: boolean;
  lastPage: boolean;
  readOnly: boolean;
}) {
  const pageDebit = ledger.lines.reduce((s, l) => s + l.debit, 0);
  const pageCredit = ledger.lines.reduce((s, l) => s + l.credit, 0);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        withTableBorder={false}
        withColumnBorders
        verticalSpacing={4}
        horizontalSpacing="sm"
        aria-label="総勘定元帳"
        striped
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={96}>日付</Table.Th>
            <Table.Th w={64}>No.</Table.Th>
            <Table.Th>摘要</Table.Th>
            <Table.Th w={160}>相手科目</Table.Th>
            <Table.Th w={120} ta="right">
              借方
            </Table.Th>
            <Table.Th w={120} ta="right">
              貸方
            </Table.Th>
            <Table.Th w={130} ta="right">
              残高
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr data-testid="ledger-carried">
            <Table.Td>{firstPage ? formatDateJa(ledger.period.from) : ''}</Table.Td>
            <Table.Td />
            <Table.Td>
              <Text size="sm" fw={600}>
                {firstPage ? '前期繰越' : '前頁繰越'}
              </Text>
            </Table.Td>
            <Table.Td />
            <Table.Td />
            <Table.Td />
            <Table.Td ta="right" style={num}>
              {formatAmount(ledger.carried_forward)}
            </Table.Td>
          </Table.Tr>
          {ledger.lines.map((line) => (
            <Table.Tr key={line.line_id} data-testid="ledger-line">
              <Table.Td style={num}>{formatDateJa(line.date)}</Table.Td>
              <Table.Td style={num}>
                {readOnly ? (
                  line.entry_number
                ) : (
                  <Anchor component={Link} to={`${JOURNAL_PATH}/edit?id=${line.entry_id}`} size="sm">
                    {line.entry_number}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {line.description}
                  <Text span ml={6}>
                    <SourceLink type={line.source_type} id={line.source_id} readOnly={readOnly} />
                  </Text>
                  {line.memo ? (
                    <Text span size="xs" c="dimmed" ml={6}>
                      {line.memo}
                    </Text>
                  ) : null}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{line.contra_account_name}</Text>
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {formatAmountOrBlank(line.debit)}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {formatAmountOrBlank(line.credit)}
              </Table.Td>
              <Table.Td ta="right" style={num} data-testid="ledger-balance">
                {formatAmount(line.balance)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {ledger.lines.length > 0 && (
          <Table.Tfoot bg="gray.0">
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" fw={600}>
                  {lastPage ? 'このページの合計・次期繰越' : 'このページの合計・次頁繰越'}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={num} fw={600}>
                {formatAmount(pageDebit)}
              </Table.Td>
              <Table.Td ta="right" style={num} fw={600}>
                {formatAmount(pageCredit)}
              </Table.Td>
              <Table.Td ta="right" style={num} fw={700}>
                {formatAmount(ledger.lines[ledger.lines.length - 1].balance)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
