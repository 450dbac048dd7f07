import type { FiscalYear } from '@chobo/core';
import { useSearchParams } from 'react-router';
import { useFiscalYears } from '../accounting/api';

export const FILER_NOTICE =
  'この画面の金額は帳簿と入力内容から計算した参考値です。申告・納付の前に、各金額と記載事項を必ずご自身（または税理士）で確認してください。';

/** The fiscal year shown by default: the latest closed one, else the latest. */
export function defaultYear(years: FiscalYear[]): FiscalYear | undefined {
  return years.find((y) => y.status === 'closed') ?? years[0];
}

/** The fiscal year chosen in the URL (?fiscal_year_id=), else the default. */
export function useChosenYear() {
  const [params, setParams] = useSearchParams();
  const years = useFiscalYears();
  const fromUrl = Number(params.get('fiscal_year_id'));
  const list = years.data ?? [];
  const year = list.find((y) => y.id === fromUrl) ?? defaultYear(list);
  const choose = (id: number) =>
    setParams(
      (p) => {
        p.set('fiscal_year_id', String(id));
        return p;
      },
      { replace: true },
    );
  return { years, list, year, choose };
}

export function yearOption(y: FiscalYear) {
  return { value: String(y.id), label: `${y.label}${y.status === 'closed' ? '（締め済み）' : '（未締め）'}` };
}
