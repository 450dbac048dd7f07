import { formatDateJa, todayInTokyo } from '@chobo/core';

/**
 * An employee works through their 退職日 and no longer from the day after it (Asia/Tokyo): sign-in, every
 * request of a session and clocking refuse from then on.
 */
export function pastLeaveDate(leaveDate: string | null | undefined, now: Date = new Date()): leaveDate is string {
  return !!leaveDate && leaveDate < todayInTokyo(now);
}

/** 「退職日（2026年3月31日）を過ぎているためログインできません」 */
export const pastLeaveDateMessage = (leaveDate: string, what: 'ログイン' | '利用' | '打刻') =>
  `退職日（${formatDateJa(leaveDate)}）を過ぎているため${what}できません`;
