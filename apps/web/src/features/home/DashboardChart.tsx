import type { DashboardMonth } from '@chobo/core';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAmount } from '../accounting/format';
import { manYen } from '../accounting/StatementCharts';

/** 12 months of 売上 beside 費用 (bars), month labels as 'M月'. */
export function DashboardChart({ monthly }: { monthly: DashboardMonth[] }) {
  const data = monthly.map((m) => ({ month: `${Number(m.month.slice(5, 7))}月`, 売上: m.sales, 費用: m.expenses }));
  return (
    <div data-testid="home-chart" style={{ width: '100%', height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="month"
            tick={{ fontSize: 10 }}
            interval={0}
            tickFormatter={(v: string) => v.replace('月', '')}
          />
          <YAxis tickFormatter={manYen} tick={{ fontSize: 10 }} width={48} />
          <Tooltip formatter={(v) => `${formatAmount(Number(v))}円`} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="売上" fill="#4c6ef5" radius={[2, 2, 0, 0]} />
          <Bar dataKey="費用" fill="#fa5252" radius={[2, 2, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
