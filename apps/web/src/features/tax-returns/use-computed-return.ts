import {
  capitalFromForm,
  computeTaxReturn,
  estimateLocalTaxes,
  incomeFromBooks,
  type TaxReturn,
  type TaxReturnComputeInput,
} from '@chobo/core';
import { useMemo } from 'react';
import type { TaxReturnDraft } from './api';

/** The computation the screen shows while typing: the same pure function the server runs. */
export function useComputedReturn(server: TaxReturn | null, draft: TaxReturnDraft | null) {
  return useMemo(() => {
    if (!server || !draft) return null;
    const income = incomeFromBooks(server.book_income, draft.adjustments);
    const input: TaxReturnComputeInput = {
      income,
      fiscal_year_start: server.fiscal_year.start_date,
      fiscal_year_end: server.fiscal_year.end_date,
      capital: capitalFromForm(draft.form.amount_investment_capital, null),
      ...draft.inputs,
    };
    const result = computeTaxReturn(input, draft.overrides);
    const computed = computeTaxReturn(input);
    return { income, input, result, computed, estimate: estimateLocalTaxes(input, result, server.local_rates) };
  }, [server, draft]);
}
