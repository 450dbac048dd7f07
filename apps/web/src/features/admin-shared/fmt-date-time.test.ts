import { describe, expect, it } from 'vitest';
import { fmtDateTime } from './AdminList';

describe('fmtDateTime (lists of admins, companies, invitations, notices, audit logs)', () => {
  it('shows YYYY年M月D日 HH:mm in Asia/Tokyo, not 2026/11/23 14:27', () => {
    expect(fmtDateTime('2026-11-23T05:27:00Z')).toBe('2026年11月23日 14:27');
    expect(fmtDateTime(null)).toBe('—');
  });
});
