import type { AccountCategory } from '@chobo/core';
import { Badge, Group, SegmentedControl, Switch, Table, Text } from '@mantine/core';
import { Fragment, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMonthlyTrialBalance, useTrialBalance } from './api';
import { BookPanel, CATEGORY_ORDER, CategoryRow, num } from './BookPanel';
import { type BookParams, ledgerHref } from './book-params';
import { DownloadButtons } from './DownloadButtons';
import { formatAmount, formatAmountOrBlank } from './format';
import { MonthlyTrialBalanceTable } from './MonthlyTrialBalanceTable';
import { PeriodPicker } from './PeriodPicker';
import type { Drill, TrialBalance, TrialBalanceRow } from './types';

/**
 * A contra account (減価償却累計額, 貸倒引当金 under 資産; 自己株式 under 純資産): its balance sits on the side
 * opposite to its category, so the trial balance shows it as △ as the balance sheet does.
 */
export function isContra(row: { category: string; normal_side: string }): boolean {
  const debitCategory = row.category === 'asset' || row.category === 'expense';
  return debitCategory ? row.normal_side === 'credit' : row.normal_side === 'debit';
}

/** 残高試算表 over a period: the accounts by category (those without balance or entries on demand). */
export function TrialBalancePanel({
  companyId,
  params,
  basePath,
}: {
  companyId?: number;
  params: BookParams;
  basePath: string;
}) {
  const navigate = useNavigate();
  const [view, setView] = useState<'balance' | 'monthly'>('balance');
  const period = { from: params.from, to: params.to, company_id: companyId ?? null };
  const query = useTrialBalance(period);
  const monthly = useMonthlyTrialBalance(period, view === 'monthly');
  const tb = query.data;
  const [showZero, setShowZero] = useState(false);
  const groups = useMemo(
    () =>
      CATEGORY_ORDER.map((category) => ({
        category,
        rows: (tb?.rows ?? []).filter(
          (r) => r.category === category && (showZero || r.opening !== 0 || r.debit !== 0 || r.credit !== 0),
        ),
      })).filter((g) => g.rows.length > 0),
    [tb, showZero],
  );
  const drill = (d: Drill) => navigate(ledgerHref(basePath, d));

  return (
    <BookPanel
      query={query}
      data={tb}
      errorTitle="試算表を読み込めませんでした"
      toolbar={
        <Group p="md" justify="space-between" wrap="wrap">
          <PeriodPicker
            from={params.from}
            to={params.to}
            shown={tb?.period}
            companyId={companyId ?? null}
            onChange={(from, to) => params.update({ from, to })}
          />
          <SegmentedControl
            size="xs"
            aria-label="試算表の表示"
            value={view}
            onChange={(v) => setView(v === 'monthly' ? 'monthly' : 'balance')}
            data={[
              { value: 'balance', label: '残高試算表' },
              { value: 'monthly', label: '月次推移' },
            ]}
          />
          {view === 'balance' && (
            <Switch
              size="xs"
              label="残高・取引のない科目も表示"
              checked={showZero}
              onChange={(e) => setShowZero(e.currentTarget.checked)}
              ml="auto"
            />
          )}
          {tb && view === 'balance' && (
            <DownloadButtons
              path="/api/company/trial-balance"
              baseName="残高試算表"
              query={{ from: tb.period.from, to: tb.period.to, company_id: companyId ?? null }}
            />
          )}
        </Group>
      }
    >
      {(tb) =>
        view === 'monthly' ? (
          monthly.data ? (
            <MonthlyTrialBalanceTable data={monthly.data} />
          ) : (
            <Text size="sm" c={monthly.isError ? 'red' : 'dimmed'} p="md">
              {monthly.isError ? '月次推移を読み込めませんでした' : '月次推移を読み込み中…'}
            </Text>
          )
        ) : (
          <TrialBalanceTable tb={tb} groups={groups} drill={drill} />
        )
      }
    </BookPanel>
  );
}

function TrialBalanceTable({
  tb,
  groups,
  drill,
}: {
  tb: TrialBalance;
  groups: { category: AccountCategory; rows: TrialBalanceRow[] }[];
  drill: (d: Drill) => void;
}) {
  const balanced = tb.totals.debit === tb.totals.credit;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table withColumnBorders verticalSpacing={3} horizontalSpacing="sm" aria-label="残高試算表" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={70}>コード</Table.Th>
            <Table.Th>勘定科目</Table.Th>
            <Table.Th w={140} ta="right">
              期首残高
            </Table.Th>
            <Table.Th w={140} ta="right">
              借方
            </Table.Th>
            <Table.Th w={140} ta="right">
              貸方
            </Table.Th>
            <Table.Th w={140} ta="right">
              期末残高
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Fragment key={group.category}>
              <CategoryRow category={group.category} colSpan={6} />
              {group.rows.map((row) => (
                <TrialRow key={row.account_id} row={row} drill={drill} />
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot bg="gray.1">
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Group gap="sm">
                <Text size="sm" fw={700}>
                  合計
                </Text>
                <Badge color={balanced ? 'success' : 'danger'} variant="light">
                  {balanced ? '貸借一致' : '貸借不一致'}
                </Badge>
              </Group>
            </Table.Td>
            <Table.Td ta="right" style={num} fw={700} data-testid="trial-debit-total">
              {formatAmount(tb.totals.debit)}
            </Table.Td>
            <Table.Td ta="right" style={num} fw={700} data-testid="trial-credit-total">
              {formatAmount(tb.totals.credit)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One account: click or Enter opens its ledger over the same period; a contra balance shows as △. */
function TrialRow({ row, drill }: { row: TrialBalanceRow; drill: (d: Drill) => void }) {
  return (
    <Table.Tr
      data-testid="trial-row"
      onClick={() => drill(row.drill)}
      style={{ cursor: 'pointer' }}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter') drill(row.drill);
      }}
      aria-label={`${row.name}の元帳を開く`}
    >
      <Table.Td style={num}>
        <Text size="xs" ff="monospace" c="dimmed">
          {row.code}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.name}</Text>
      </Table.Td>
      <Table.Td ta="right" style={num} c={isContra(row) && row.opening ? 'danger.7' : undefined}>
        {formatAmount(isContra(row) ? -row.opening : row.opening)}
      </Table.Td>
      <Table.Td ta="right" style={num}>
        {formatAmountOrBlank(row.debit)}
      </Table.Td>
      <Table.Td ta="right" style={num}>
        {formatAmountOrBlank(row.credit)}
      </Table.Td>
      <Table.Td
        ta="right"
        style={num}
        fw={600}
        c={isContra(row) && row.closing ? 'danger.7' : undefined}
        data-testid="trial-closing"
      >
        {formatAmount(isContra(row) ? -row.closing : row.closing)}
      </Table.Td>
    </Table.Tr>
  );
}
