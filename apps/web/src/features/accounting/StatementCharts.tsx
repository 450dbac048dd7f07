import { type BalanceSheet, type CashFlowStatement, type MonthlyProfit, monthsOf, todayInTokyo } from '@chobo/core';
import { Group, Loader, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { accountingKeys, fetchStatementTotals } from './api';
import { formatAmount, manYen } from './format';
import type { Period } from './types';

/** The charts' legend: a colour swatch (decorative) and the series' Japanese name — recharts' own legend labels its icons in English. */
function ChartLegend({ payload }: { payload?: readonly { value?: unknown; color?: string }[] }) {
  return (
    <Group gap="md" justify="center" fz={12} data-testid="chart-legend">
      {(payload ?? []).map((item) => (
        <Group key={String(item.value)} gap={4} wrap="nowrap">
          <span aria-hidden style={{ width: 10, height: 10, background: item.color, display: 'inline-block' }} />
          <span>{String(item.value ?? '')}</span>
        </Group>
      ))}
    </Group>
  );
}

const COLORS = {
  sales: '#4c6ef5',
  profit: '#f08c00',
  positive: '#2f9e44',
  negative: '#e03131',
  total: '#868e96',
  assets: ['#364fc7', '#5c7cfa', '#91a7ff'],
  liabilities: ['#c92a2a', '#ff8787'],
  netAssets: '#2b8a3e',
};

export { manYen };

const tooltipValue = (v: unknown) => `${formatAmount(Number(v))}円`;

function ChartTitle({ children }: { children: string }) {
  return (
    <Text fw={700} size="sm" mb="xs">
      {children}
    </Text>
  );
}

/** The figures of one month of the income statement's `monthly` trend that the chart draws. */
export type MonthPoint = Pick<MonthlyProfit, 'month' | 'net_sales' | 'operating_income' | 'net_income'>;

/**
 * 月次推移: 売上高 bars with 営業利益 / 当期純利益 lines. Uses the statement's own `monthly` figures;
 * an answer without them falls back to one income-statement call per month.
 */
export function MonthlyTrendChart({
  period,
  path,
  companyId,
  monthly,
}: {
  period: Period;
  path: string;
  companyId: number | null;
  monthly?: MonthPoint[];
}) {
  // months not begun yet would only draw zeros
  const today = todayInTokyo();
  const months = monthsOf(period.from, period.to)
    .filter((m, i) => i === 0 || m.from <= today)
    .slice(0, 24);
  const given = Array.isArray(monthly);
  const results = useQueries({
    queries: months.map((m) => {
      const params = { from: m.from, to: m.to, compare: 0, company_id: companyId };
      return {
        queryKey: accountingKeys.statement(`${path}#month`, params),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchStatementTotals(path, params, signal),
        staleTime: 60_000,
        enabled: !given,
        meta: { silent: true },
      };
    }),
  });
  const loading = !given && results.some((r) => r.isPending);
  const data = months.map((m, i) => {
    const point = given ? monthly?.find((p) => p.month === m.month) : results[i].data;
    return {
      month: m.label,
      売上高: point?.net_sales ?? 0,
      営業利益: point?.operating_income ?? 0,
      当期純利益: point?.net_income ?? 0,
    };
  });
  return (
    <div data-testid="monthly-trend">
      <Group justify="space-between">
        <ChartTitle>月次推移（売上高・利益、横軸は月）</ChartTitle>
        {loading && <Loader size="xs" />}
      </Group>
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="month"
            tick={{ fontSize: 10 }}
            interval={0}
            tickFormatter={(v: string) => v.replace('月', '')}
          />
          <YAxis tickFormatter={manYen} tick={{ fontSize: 11 }} width={56} />
          <Tooltip formatter={tooltipValue} />
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            itemSorter={null}
            content={(props) => <ChartLegend payload={props.payload} />}
          />
          <Bar dataKey="売上高" fill={COLORS.sales} radius={[2, 2, 0, 0]} />
          <Line dataKey="営業利益" stroke={COLORS.profit} strokeWidth={2} dot={{ r: 2 }} />
          <Line dataKey="当期純利益" stroke={COLORS.positive} strokeWidth={2} dot={{ r: 2 }} strokeDasharray="4 2" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Rows of one section's subtotal by its label ('流動資産合計' or '流動資産'). */
function sectionAmount(data: BalanceSheet, name: string): number | null {
  const row = data.rows.find(
    (r) => (r.kind === 'subtotal' || r.kind === 'total') && (r.label === `${name}合計` || r.label === name),
  );
  return row?.amount ?? null;
}

/** 構成: 資産 (流動・固定・繰延) beside 負債・純資産 (流動負債・固定負債・純資産) as stacked bars. */
export function BalanceSheetChart({ data }: { data: BalanceSheet }) {
  const t = data.totals;
  const current = sectionAmount(data, '流動資産');
  const fixed = sectionAmount(data, '固定資産');
  const deferred = sectionAmount(data, '繰延資産') ?? 0;
  const currentL = sectionAmount(data, '流動負債');
  const fixedL = sectionAmount(data, '固定負債');
  const split = current !== null && fixed !== null;
  const splitL = currentL !== null && fixedL !== null;
  const rows = [
    {
      side: '資産',
      流動資産: split ? current : t.assets,
      固定資産: split ? fixed : 0,
      繰延資産: split ? deferred : 0,
    },
    {
      side: '負債・純資産',
      流動負債: splitL ? currentL : t.liabilities,
      固定負債: splitL ? fixedL : 0,
      純資産: t.net_assets,
    },
  ];
  const series: [string, string][] = [
    ['流動資産', COLORS.assets[0]],
    ['固定資産', COLORS.assets[1]],
    ['繰延資産', COLORS.assets[2]],
    ['流動負債', COLORS.liabilities[0]],
    ['固定負債', COLORS.liabilities[1]],
    ['純資産', COLORS.netAssets],
  ];
  return (
    <div data-testid="bs-chart">
      <ChartTitle>資産と負債・純資産の構成</ChartTitle>
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="side" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={manYen} tick={{ fontSize: 11 }} width={56} />
          <Tooltip formatter={tooltipValue} />
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            itemSorter={null}
            content={(props) => <ChartLegend payload={props.payload} />}
          />
          {series.map(([key, color]) => (
            <Bar key={key} dataKey={key} stackId="a" fill={color} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** 期首現金 → 営業 → 投資 → 財務 → 期末現金 as a waterfall (an invisible base bar under each step). */
export function cashFlowSteps(t: CashFlowStatement['totals']) {
  const steps: {
    name: string;
    base: number;
    value: number;
    kind: 'total' | 'positive' | 'negative';
    amount: number;
  }[] = [];
  steps.push({ name: '期首現金', base: 0, value: t.cash_begin, kind: 'total', amount: t.cash_begin });
  let running = t.cash_begin;
  for (const [name, amount] of [
    ['営業CF', t.operating],
    ['投資CF', t.investing],
    ['財務CF', t.financing],
  ] as const) {
    const next = running + amount;
    steps.push({
      name,
      base: Math.min(running, next),
      value: Math.abs(amount),
      kind: amount < 0 ? 'negative' : 'positive',
      amount,
    });
    running = next;
  }
  steps.push({ name: '期末現金', base: 0, value: t.cash_end, kind: 'total', amount: t.cash_end });
  return steps;
}

export function CashFlowChart({ data }: { data: CashFlowStatement }) {
  const steps = cashFlowSteps(data.totals);
  return (
    <div data-testid="cf-chart">
      <ChartTitle>現金の増減（営業・投資・財務）</ChartTitle>
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={steps} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} />
          <YAxis tickFormatter={manYen} tick={{ fontSize: 11 }} width={56} />
          <Tooltip
            formatter={(_v, name, item) =>
              name === 'base' ? null : [`${formatAmount((item.payload as { amount: number }).amount)}円`, '金額']
            }
          />
          <Bar dataKey="base" stackId="w" fill="transparent" isAnimationActive={false} />
          <Bar dataKey="value" stackId="w" isAnimationActive={false}>
            {steps.map((s) => (
              <Cell
                key={s.name}
                fill={s.kind === 'total' ? COLORS.total : s.kind === 'negative' ? COLORS.negative : COLORS.positive}
              />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
