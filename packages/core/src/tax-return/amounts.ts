/** Yen amounts: the text the explanations show, 切り捨て, and the guards of the inputs. */

export const yen = (v: number) => `${v < 0 ? '△' : ''}${Math.abs(v).toLocaleString('en-US')}円`;
/** 切り捨て (toward zero for positives; negatives never reach here). */
export const cut1000 = (v: number) => (v > 0 ? Math.floor(v / 1000) * 1000 : 0);
export const cut100 = (v: number) => (v > 0 ? Math.floor(v / 100) * 100 : 0);
export const pos = (v: number) => Math.max(0, v);
export const int = (v: number | null | undefined) => (Number.isFinite(v) ? Math.trunc(v as number) : 0);
