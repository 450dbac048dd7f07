import type { Account } from '@chobo/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { accountingKeys, saveAccount } from './api';

/** Creates (id null) or edits an account of the chart. */
export function useAccountWrite() {
  const client = useQueryClient();
  return useMutation({
    /** An edit sends back the updated_at of the row as listed (409 when someone saved the account since). */
    mutationFn: ({ id, body }: { id: number | null; body: object }) => saveAccount(id, body),
    meta: { silent: true },
    onSuccess: (saved) => {
      // the row holds its new version at once, so a second change (the other half of a reorder) is not refused
      client.setQueryData<Account[]>(accountingKeys.accounts(null), (list) =>
        list?.map((a) => (a.id === saved.id ? { ...a, ...saved } : a)),
      );
      return client.invalidateQueries({ queryKey: accountingKeys.all });
    },
  });
}

/** Errors of a zod parse or a server 422, keyed by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError && error.status === 422) {
    for (const [k, v] of Object.entries(error.errors)) out[k] = v.join(' ');
    if (!Object.keys(out).length) out.name = error.message;
  }
  return out;
}
