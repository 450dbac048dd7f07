import type { TaxReturn } from '@chobo/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import {
  draftOf,
  fetchTaxReturn,
  readStoredDraft,
  saveTaxReturn,
  type TaxReturnDraft,
  taxReturnKeys,
  useTaxReturn,
  writeStoredDraft,
} from './api';

export const SAVE_DELAY_MS = 800;
export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

/**
 * The draft of one fiscal year's return: kept in browser storage on every change (SPEC §3) and saved to
 * the server with a debounced PUT carrying the updated_at it read (409 → conflict). One PUT at a time;
 * changes made while one is in flight are saved right after it with the new updated_at. A stored draft
 * with unsaved changes based on the server's current version is restored after a reload.
 */
export function useTaxReturnEditor(fyId: number | null) {
  const client = useQueryClient();
  const query = useTaxReturn(fyId);
  const [server, setServer] = useState<TaxReturn | null>(null);
  const [draft, setDraftState] = useState<TaxReturnDraft | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<string | null>(null);
  const draftRef = useRef<TaxReturnDraft | null>(null);
  const updatedAt = useRef<string | null>(null);
  const loadedFor = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const adopt = useCallback(
    (t: TaxReturn) => {
      setServer(t);
      updatedAt.current = t.updated_at;
      const d = draftOf(t);
      draftRef.current = d;
      setDraftState(d);
      writeStoredDraft(t.fiscal_year.id, { ...d, updated_at: t.updated_at, dirty: false });
      client.setQueryData(taxReturnKeys.one(t.fiscal_year.id), t);
    },
    [client],
  );

  const save = useCallback(async (): Promise<void> => {
    if (fyId === null || !draftRef.current || conflict) return;
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    const sent = draftRef.current;
    setState('saving');
    const run = (async () => {
      try {
        const res = await saveTaxReturn(fyId, { ...sent, updated_at: updatedAt.current });
        updatedAt.current = res.data.updated_at;
        setServer(res.data);
        client.setQueryData(taxReturnKeys.one(fyId), res.data);
        const unchanged = draftRef.current === sent;
        writeStoredDraft(fyId, { ...(draftRef.current ?? sent), updated_at: res.data.updated_at, dirty: !unchanged });
        setState(unchanged && !again.current ? 'saved' : 'pending');
      } catch (error) {
        setState('error');
        if (isApiError(error) && error.status === 409) setConflict(error.message);
        else notifyError(isApiError(error) ? error.message : '保存できませんでした。');
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    if (again.current) {
      again.current = false;
      await save();
    }
  }, [fyId, client, conflict]);

  /** Saves now what is pending (before 帳簿から作成, the preview or the PDF). */
  const flush = useCallback(async () => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
      await save();
    }
    if (inFlight.current) await inFlight.current;
  }, [save]);

  // load (or restore) when the year's record arrives
  useEffect(() => {
    const t = query.data;
    if (!t || fyId === null || loadedFor.current === fyId) return;
    loadedFor.current = fyId;
    setConflict(null);
    const stored = readStoredDraft(fyId);
    if (stored?.dirty && stored.updated_at === t.updated_at) {
      setServer(t);
      updatedAt.current = t.updated_at;
      const d: TaxReturnDraft = {
        form: stored.form,
        overrides: stored.overrides,
        adjustments: stored.adjustments,
        inputs: stored.inputs,
      };
      draftRef.current = d;
      setDraftState(d);
      setState('pending');
      timer.current = setTimeout(() => {
        timer.current = null;
        void save();
      }, SAVE_DELAY_MS);
    } else {
      adopt(t);
      setState('saved');
    }
  }, [query.data, fyId, adopt, save]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const change = useCallback(
    (next: TaxReturnDraft) => {
      if (fyId === null) return;
      draftRef.current = next;
      setDraftState(next);
      writeStoredDraft(fyId, { ...next, updated_at: updatedAt.current, dirty: true });
      setState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void save();
      }, SAVE_DELAY_MS);
    },
    [fyId, save],
  );

  /** After a 409: read the latest version and drop the local changes. */
  const reload = useCallback(async () => {
    if (fyId === null) return;
    const fresh = await fetchTaxReturn(fyId);
    setConflict(null);
    adopt(fresh);
    setState('saved');
  }, [fyId, adopt]);

  return { query, server, draft, state, conflict, change, flush, adopt, reload };
}
