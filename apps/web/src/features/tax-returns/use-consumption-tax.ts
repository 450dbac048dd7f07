import {
  type ConsumptionTaxComparison,
  type ConsumptionTaxDraftInputs,
  ConsumptionTaxRefusal,
  type ConsumptionTaxResult,
  type ConsumptionTaxReturn,
  compareMethods,
  computeConsumptionTax,
} from '@chobo/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { isConflict } from '../../lib/conflict';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ctaxKeys, fillConsumptionTax, saveConsumptionTax, useConsumptionTaxReturn } from './api';

export interface LiveCtax {
  result: ConsumptionTaxResult | null;
  /** Why the chosen method or combination is refused (null when allowed). */
  refusal: string | null;
  comparison: ConsumptionTaxComparison;
}

/**
 * The year's figures while editing: the same pure computation and comparison the server runs, with the company
 * settings' 簡易課税 election the server answered.
 */
export function liveCtax(
  inputs: ConsumptionTaxDraftInputs,
  period: { start_date: string; end_date: string },
  simplifiedElected = false,
): LiveCtax {
  const input = { ...inputs, period_start: period.start_date, period_end: period.end_date };
  const election = { simplified_elected: simplifiedElected };
  const comparison = compareMethods(input, election);
  try {
    return { result: computeConsumptionTax(input, election), refusal: null, comparison };
  } catch (error) {
    if (error instanceof ConsumptionTaxRefusal) return { result: null, refusal: error.message, comparison };
    throw error;
  }
}

/**
 * The 消費税 tab's state for one fiscal year: the stored return, the inputs being edited (kept until 保存),
 * the live computation, and the calls (保存 with the version read → 409 shown, 帳簿から作成).
 */
export function useConsumptionTax(fyId: number | null) {
  const client = useQueryClient();
  const query = useConsumptionTaxReturn(fyId);
  const server = query.data ?? null;
  const [inputs, setInputs] = useState<ConsumptionTaxDraftInputs | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'fill' | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  // another year: its own inputs, not the last year's edits
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the year only
  useEffect(() => {
    setDirty(false);
    setInputs(null);
  }, [fyId]);
  useEffect(() => {
    if (server && !dirty) setInputs(server.inputs);
  }, [server, dirty]);

  const live = useMemo(
    () => (server && inputs ? liveCtax(inputs, server.fiscal_year, server.simplified_elected) : null),
    [server, inputs],
  );

  const adopt = (r: ConsumptionTaxReturn) => {
    client.setQueryData(ctaxKeys.one(r.fiscal_year.id), r);
    setInputs(r.inputs);
    setDirty(false);
  };
  const change = (patch: Partial<ConsumptionTaxDraftInputs>) => {
    if (!inputs) return;
    setInputs({ ...inputs, ...patch });
    setDirty(true);
  };
  const run = async (kind: 'save' | 'fill', call: () => Promise<ConsumptionTaxReturn>, done: string) => {
    setBusy(kind);
    try {
      adopt(await call());
      notifySuccess(done);
    } catch (error) {
      if (isConflict(error)) setConflict(errorMessage(error));
      else notifyError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const save = () =>
    server && inputs
      ? run(
          'save',
          () => saveConsumptionTax(server.fiscal_year.id, { inputs, updated_at: server.updated_at }),
          '保存しました。',
        )
      : Promise.resolve();
  const fill = () =>
    server
      ? run(
          'fill',
          () => fillConsumptionTax(server.fiscal_year.id, server.updated_at),
          '帳簿から申告書の金額を作成しました。金額を確認してください。',
        )
      : Promise.resolve();
  const reload = async () => {
    setConflict(null);
    setDirty(false);
    if (fyId !== null) await client.invalidateQueries({ queryKey: ctaxKeys.one(fyId) });
  };
  return { query, server, inputs, live, dirty, busy, conflict, change, save, fill, adopt, reload };
}
export type CtaxState = ReturnType<typeof useConsumptionTax>;
