import { HttpError } from './http-errors.js';

/**
 * Refuses a stale edit: `sent` is the updated_at the client read, `current` the row's value read under
 * FOR UPDATE in the same transaction. Compared to the millisecond (what the API hands out).
 */
export function assertFresh(current: Date, sent: string, what: string): void {
  if (new Date(sent).getTime() !== current.getTime()) {
    throw new HttpError(409, `ほかのユーザーがこの${what}を更新しました。画面を再読み込みしてから編集してください`);
  }
}
