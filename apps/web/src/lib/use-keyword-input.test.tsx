import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useKeywordInput } from './use-list-params';

describe('useKeywordInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('puts typed text into the URL keyword only after the debounce, trimmed duplicates ignored', () => {
    const setKeyword = vi.fn();
    const { result } = renderHook(() => useKeywordInput({ keyword: '', setKeyword }));
    act(() => result.current[1]('青'));
    act(() => result.current[1]('青葉'));
    act(() => vi.advanceTimersByTime(299));
    expect(setKeyword).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(setKeyword).toHaveBeenCalledTimes(1);
    expect(setKeyword).toHaveBeenCalledWith('青葉');
  });

  it('shows a keyword the URL changed (back button, shared link) in the search box', () => {
    const setKeyword = vi.fn();
    const { result, rerender } = renderHook(({ keyword }) => useKeywordInput({ keyword, setKeyword }), {
      initialProps: { keyword: '青葉' },
    });
    expect(result.current[0]).toBe('青葉');
    rerender({ keyword: '' });
    expect(result.current[0]).toBe('');
    act(() => vi.advanceTimersByTime(500));
    // the box following the URL does not write the URL back
    expect(setKeyword).not.toHaveBeenCalled();
  });
});
