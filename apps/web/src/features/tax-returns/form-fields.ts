/** The return's `form` as the screens read and write it: 和暦 dates and digit-per-box numbers. */

export type ReturnForm = Record<string, string>;

const pad = (i: number) => String(i).padStart(2, '0');

/** The characters of a number kept one per field (`corporate_number_01`…): `n` of them, '' where empty. */
export function boxChars(form: ReturnForm, prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => form[`${prefix}_${pad(i + 1)}`] ?? '');
}

export const joinBoxes = (form: ReturnForm, prefix: string, n: number) => boxChars(form, prefix, n).join('');

/** The patch that keeps the digits of `text` one per field, at most `n`. */
export const splitBoxes = (prefix: string, n: number, text: string) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`${prefix}_${pad(i + 1)}`, text.replace(/\D/g, '').slice(0, n)[i] ?? '']),
  );

/** A 和暦 date kept as `{p}_{e}_era/_year/_month/_day` (令和7年4月1日), '' while the year is empty. */
export function formDate(form: ReturnForm, p: string, e: string) {
  return form[`${p}_${e}_year`]
    ? `${form[`${p}_${e}_era`]}${form[`${p}_${e}_year`]}年${form[`${p}_${e}_month`]}月${form[`${p}_${e}_day`]}日`
    : '';
}

/** The fiscal period as the header shows it: 自 … 至 …, or a hint until the books have filled it. */
export function period(form: ReturnForm, p: string) {
  if (!form[`${p}_from_year`]) return '（「帳簿から作成」で入ります）';
  return `自 ${formDate(form, p, 'from')}　至 ${formDate(form, p, 'to')}`;
}
