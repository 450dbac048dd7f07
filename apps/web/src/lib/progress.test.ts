import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_MIN_VISIBLE, PROGRESS_THROTTLE, progressStore, startProgress } from './progress';

describe('top progress bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('shows nothing for work shorter than the 200 ms throttle', () => {
    const done = startProgress();
    vi.advanceTimersByTime(PROGRESS_THROTTLE - 50);
    done();
    vi.advanceTimersByTime(1000);
    expect(progressStore.get().visible).toBe(false);
  });

  it('appears after the throttle and stays visible at least 200 ms', () => {
    const done = startProgress();
    vi.advanceTimersByTime(PROGRESS_THROTTLE + 1);
    expect(progressStore.get().visible).toBe(true);
    done();
    vi.advanceTimersByTime(PROGRESS_MIN_VISIBLE - 20);
    expect(progressStore.get().visible).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(progressStore.get().visible).toBe(false);
  });

  it('waits for every overlapping operation', () => {
    const first = startProgress();
    const second = startProgress();
    vi.advanceTimersByTime(PROGRESS_THROTTLE + 1);
    first();
    vi.advanceTimersByTime(2000);
    expect(progressStore.get().visible).toBe(true);
    expect(progressStore.get().value).toBeLessThan(100);
    second();
    vi.advanceTimersByTime(2000);
    expect(progressStore.get().visible).toBe(false);
  });
});
