import {
  type BalanceSheet,
  type CashFlowStatement,
  formatDateJa,
  type IncomeStatement,
  PROFIT_STAGES,
  profitLabel,
} from '@chobo/core';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { useLoadingFlag } from '../../lib/loading';
import { useStatement } from './api';
import { DownloadButtons } from './DownloadButtons';
import { formatAmount } from './format';
import { PeriodPicker } from './PeriodPicker';
import type { MonthPoint } from './StatementCharts';

// the charts (recharts, the largest library of the app) load only when a statement shows one
const charts = () => import('./StatementCharts');
const MonthlyTrendChart = lazy(() => charts().then((m) => ({ default: m.MonthlyTrendChart })));
const BalanceSheetChart = lazy(() => charts().then((m) => ({ default: m.BalanceSheetChart })));
const CashFlowChart = lazy(() => charts().then((m) => ({ default: m.CashFlowChart })));

import { StatementTable } from './StatementTable';
import type { Statement } from './types';

export type StatementKind = 'balance-sheet' | 'income-statement' | 'cash-flow';

export const STATEMENTS: Record<StatementKind, { title: string; path: string }> = {
  'balance-sheet': { title: '貸借対照表', path: '/api/company/balance-sheet' },
  'income-statement': { title: '損益計算書', path: '/api/company/income-statement' },
  'cash-flow': { title: 'キャッシュフロー計算書', path: '/api/company/cash-flow' },
};

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" style={num} c={value < 0 ? 'danger.7' : undefined} data-testid={testId}>
        {formatAmount(value)}
        <Text span size="xs" c="dimmed" ml={4} fw={400}>
          円
        </Text>
      </Text>
    </Paper>
  );
}

function Summary({ kind, data }: { kind: StatementKind; data: Statement<object> }) {
  if (kind === 'income-statement') {
    const t = (data as IncomeStatement).totals;
    return (
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="xs">
        <Figure label="売上高" value={t.net_sales} />
        {(Object.keys(PROFIT_STAGES) as (keyof typeof PROFIT_STAGES)[]).map((stage) => (
          <Figure key={stage} label={profitLabel(stage, t[stage])} value={t[stage]} testId={`total-${stage}`} />
        ))}
      </SimpleGrid>
    );
  }
  if (kind === 'balance-sheet') {
    const t = (data as BalanceSheet).totals;
    const balanced = t.assets === t.liabilities + t.net_assets;
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <Figure label="資産合計" value={t.assets} testId="total-assets" />
        <Figure label="負債合計" value={t.liabilities} />
        <Figure label="純資産合計" value={t.net_assets} />
        <Paper withBorder radius="md" px="md" py="xs">
          <Text size="xs" c="dimmed">
            負債純資産合計
          </Text>
          <Group gap={6}>
            <Text fw={700} fz="lg" style={num}>
              {formatAmount(t.liabilities + t.net_assets)}
            </Text>
            <Badge color={balanced ? 'success' : 'danger'} variant="light" size="sm">
              {balanced ? '貸借一致' : '不一致'}
            </Badge>
          </Group>
        </Paper>
      </SimpleGrid>
    );
  }
  const t = (data as CashFlowStatement).totals;
  return (
    <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="xs">
      <Figure label="営業活動によるCF" value={t.operating} />
      <Figure label="投資活動によるCF" value={t.investing} />
      <Figure label="財務活動によるCF" value={t.financing} />
      <Figure label="現金等の増減額" value={t.net_change} />
      <Figure label="期首残高" value={t.cash_begin} />
      <Figure label="期末残高" value={t.cash_end} />
    </SimpleGrid>
  );
}

/**
 * One statement page (貸借対照表 / 損益計算書 / キャッシュフロー計算書): period in the URL (`from`, `to`;
 * none = the current fiscal year), figures with the previous period, drill-down to the ledger, CSV/PDF
 * and a chart. `companyId` gives the administrator's read-only view.
 */
export function StatementView({
  kind,
  companyId,
  ledgerBase,
}: {
  kind: StatementKind;
  companyId?: number;
  ledgerBase: string;
}) {
  const [params, setParams] = useSearchParams();
  const rawFrom = params.get('from');
  const rawTo = params.get('to');
  const from = rawFrom && ISO.test(rawFrom) ? rawFrom : null;
  const to = rawTo && ISO.test(rawTo) ? rawTo : null;
  const { title, path } = STATEMENTS[kind];
  const query = useStatement<Statement<object> & { date?: string }>(path, { from, to, company_id: companyId ?? null });
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const data = query.data;

  const setPeriod = (f: string | null, t: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (f) next.set('from', f);
      else next.delete('from');
      if (t) next.set('to', t);
      else next.delete('to');
      return next;
    });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <PeriodPicker from={from} to={to} shown={data?.period} companyId={companyId ?? null} onChange={setPeriod} />
          {data && (
            <DownloadButtons
              path={path}
              baseName={`${title}_${data.period.from}_${data.period.to}`}
              query={{ from: data.period.from, to: data.period.to, company_id: companyId ?? null }}
            />
          )}
        </Group>
      </Paper>

      {query.isPending ? (
        <Stack aria-busy>
          <Skeleton height={64} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : query.isError && !data ? (
        <Paper withBorder radius="md">
          <EmptyBlock title={`${title}を読み込めませんでした`} description={query.error.message} />
        </Paper>
      ) : data ? (
        <>
          <Summary kind={kind} data={data} />
          <Group align="flex-start" gap="md" wrap="wrap">
            <Paper withBorder radius="md" style={{ flex: '1 1 620px', minWidth: 0 }}>
              <Group justify="space-between" px="md" py="xs">
                <Text fw={700}>
                  {title}
                  {kind === 'balance-sheet' && data.date ? (
                    <Text span size="sm" c="dimmed" ml="sm" fw={400}>
                      {formatDateJa(data.date)}現在
                    </Text>
                  ) : null}
                </Text>
                <Text size="xs" c="dimmed">
                  （単位：円）
                </Text>
              </Group>
              <StatementTable
                label={title}
                rows={data.rows}
                period={data.period}
                previousPeriod={data.previous_period}
                ledgerBase={ledgerBase}
                {...(kind === 'balance-sheet'
                  ? {
                      currentHead: `${formatDateJa(data.period.to)}現在`,
                      previousHead: data.previous_period ? `${formatDateJa(data.previous_period.to)}現在` : undefined,
                    }
                  : {})}
              />
            </Paper>
            <Paper withBorder radius="md" p="md" style={{ flex: '0 0 340px', minWidth: 0 }}>
              <Suspense fallback={<Skeleton height={260} />}>
                {kind === 'income-statement' && (
                  <MonthlyTrendChart
                    period={data.period}
                    path={path}
                    companyId={companyId ?? null}
                    monthly={(data as { monthly?: MonthPoint[] }).monthly}
                  />
                )}
                {kind === 'balance-sheet' && <BalanceSheetChart data={data as BalanceSheet} />}
                {kind === 'cash-flow' && <CashFlowChart data={data as CashFlowStatement} />}
              </Suspense>
            </Paper>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
