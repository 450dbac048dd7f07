import type { DashboardMonth } from '@chobo/core';
import { useElementSize } from '@mantine/hooks';
import { formatAmount, manYen } from '../accounting/format';

const HEIGHT = 260;
const AXIS_WIDTH = 48;
const AXIS_HEIGHT = 22;
const TOP = 6;
const SERIES = [
  { key: 'sales', label: '売上', color: '#4c6ef5' },
  { key: 'expenses', label: '費用', color: '#fa5252' },
] as const;
const GRID = '#ccc';
const TICK = '#666';

/** 0 … max in about 4 round steps (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × a power of ten). */
export function axisTicks(min: number, max: number): number[] {
  const span = Math.max(max - Math.min(0, min), 10_000);
  const raw = span / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const top = Math.max(max, Math.min(0, min) + span);
  const ticks: number[] = [];
  for (let v = Math.floor(Math.min(0, min) / step) * step; v < top + step; v += step) {
    ticks.push(v);
    if (v >= top) break;
  }
  return ticks;
}

/**
 * 12 months of 売上 beside 費用 (bars), month labels as 'M', drawn as plain SVG: the home is the first page
 * after sign-in and the chart library (recharts, ≈ 95 KB compressed) would be most of its JavaScript
 * (docs/benchmarks.md, issue 16). Each month's figures are its tooltip.
 */
export function DashboardChart({ monthly }: { monthly: DashboardMonth[] }) {
  const { ref, width } = useElementSize();
  const values = monthly.flatMap((m) => [m.sales, m.expenses]);
  const ticks = axisTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0] ?? 0;
  const hi = ticks[ticks.length - 1] ?? 1;
  const plotWidth = Math.max(width - AXIS_WIDTH - 4, 0);
  const plotHeight = HEIGHT - TOP - AXIS_HEIGHT - 24;
  const y = (v: number) => TOP + ((hi - v) / (hi - lo || 1)) * plotHeight;
  const band = plotWidth / Math.max(monthly.length, 1);
  const bar = Math.max(Math.min(band * 0.36, 28), 1);

  return (
    <div data-testid="home-chart" style={{ width: '100%', height: HEIGHT }} ref={ref}>
      {width > 0 && (
        <svg width={width} height={HEIGHT - 24} role="img" aria-label="売上と費用（過去12か月）">
          {ticks.map((t) => (
            <g key={t}>
              <line
                x1={AXIS_WIDTH}
                x2={AXIS_WIDTH + plotWidth}
                y1={y(t)}
                y2={y(t)}
                stroke={GRID}
                strokeDasharray="3 3"
              />
              <line x1={AXIS_WIDTH - 4} x2={AXIS_WIDTH} y1={y(t)} y2={y(t)} stroke={TICK} />
              <text x={AXIS_WIDTH - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={10} fill={TICK}>
                {manYen(t)}
              </text>
            </g>
          ))}
          <line x1={AXIS_WIDTH} x2={AXIS_WIDTH} y1={TOP} y2={TOP + plotHeight} stroke={TICK} />
          <line x1={AXIS_WIDTH} x2={AXIS_WIDTH + plotWidth} y1={y(0)} y2={y(0)} stroke={TICK} />
          {monthly.map((m, i) => {
            const x0 = AXIS_WIDTH + i * band + band / 2 - bar - 1;
            const label = `${Number(m.month.slice(5, 7))}月`;
            return (
              <g key={m.month}>
                <title>{`${m.month.slice(0, 4)}年${label}　売上 ${formatAmount(m.sales)}円　費用 ${formatAmount(m.expenses)}円`}</title>
                <rect x={AXIS_WIDTH + i * band} y={TOP} width={band} height={plotHeight} fill="transparent" />
                {SERIES.map((s, k) => {
                  const v = m[s.key];
                  return (
                    <rect
                      key={s.key}
                      x={x0 + k * (bar + 2)}
                      y={Math.min(y(v), y(0))}
                      width={bar}
                      height={Math.abs(y(v) - y(0))}
                      rx={2}
                      fill={s.color}
                    />
                  );
                })}
                <text
                  x={AXIS_WIDTH + i * band + band / 2}
                  y={TOP + plotHeight + 14}
                  textAnchor="middle"
                  fontSize={10}
                  fill={TICK}
                >
                  {Number(m.month.slice(5, 7))}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      <div style={{ display: 'flex', justifyContent: 'center', gap: 16, fontSize: 12, paddingLeft: AXIS_WIDTH }}>
        {SERIES.map((s) => (
          <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, color: s.color }}>
            <span style={{ width: 10, height: 10, background: s.color, display: 'inline-block' }} />
            {s.label}
          </span>
        ))}
      </div>
    </div>
  );
}
