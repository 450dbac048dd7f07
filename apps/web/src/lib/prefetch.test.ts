import { describe, expect, it } from 'vitest';
import { canPrefetch } from './prefetch';

describe('idle prefetch', () => {
  it('is skipped offline, on 2g and with save-data', () => {
    expect(canPrefetch({ onLine: true })).toBe(true);
    expect(canPrefetch({ onLine: true, connection: { effectiveType: '4g' } })).toBe(true);
    expect(canPrefetch({ onLine: false })).toBe(false);
    expect(canPrefetch({ onLine: true, connection: { effectiveType: '2g' } })).toBe(false);
    expect(canPrefetch({ onLine: true, connection: { effectiveType: 'slow-2g' } })).toBe(false);
    expect(canPrefetch({ onLine: true, connection: { saveData: true } })).toBe(false);
  });
});
