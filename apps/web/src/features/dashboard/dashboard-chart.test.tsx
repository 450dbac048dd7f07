import { describe, expect, it } from 'vitest';
import { axisTicks } from './DashboardChart';

describe('the home chart axis', () => {
  it('covers the largest figure in about four round steps from 0', () => {
    expect(axisTicks(0, 21_000_000)).toEqual([0, 6_000_000, 12_000_000, 18_000_000, 24_000_000]);
    expect(axisTicks(0, 8_000_000)).toEqual([0, 2_000_000, 4_000_000, 6_000_000, 8_000_000]);
    expect(axisTicks(0, 0)).toEqual([0, 2_500, 5_000, 7_500, 10_000]);
  });

  it('reaches below 0 when a month is negative', () => {
    const ticks = axisTicks(-1_000_000, 3_000_000);
    expect(ticks[0]).toBeLessThanOrEqual(-1_000_000);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(3_000_000);
    expect(ticks).toContain(0);
  });
});
