import { describe, expect, it } from 'vitest';
import { REGISTRY_COLUMNS, registrationStatusOn, registrationValidOn } from './registry.js';

describe('registry (FACTS §11)', () => {
  it('has the 24 columns of the published CSV in order', () => {
    expect(REGISTRY_COLUMNS).toHaveLength(24);
    expect(REGISTRY_COLUMNS[1]).toBe('registration_number');
    expect(REGISTRY_COLUMNS[18]).toBe('name');
  });

  it('valid on D: 登録年月日 ≤ D and neither 取消 nor 失効 on or before D', () => {
    const e = { registered_on: '2023-10-01', cancelled_on: '2025-04-01', expired_on: null };
    expect(registrationValidOn(e, '2023-09-30')).toBe(false);
    expect(registrationValidOn(e, '2023-10-01')).toBe(true);
    expect(registrationValidOn(e, '2025-03-31')).toBe(true);
    expect(registrationValidOn(e, '2025-04-01')).toBe(false);
    expect(registrationStatusOn(e, '2025-04-01')).toBe('cancelled');
    expect(registrationStatusOn(e, '2023-09-30')).toBe('not_yet');
    const x = { registered_on: '2024-02-01', cancelled_on: null, expired_on: '2025-10-01' };
    expect(registrationStatusOn(x, '2025-09-30')).toBe('valid');
    expect(registrationStatusOn(x, '2025-10-01')).toBe('expired');
    expect(registrationStatusOn(null, '2025-10-01')).toBe('unknown');
  });
});
