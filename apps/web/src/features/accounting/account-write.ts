import type { Account } from '@chobo/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { ACCOUNTS_PATH, accountingKeys } from './api';

/** Creates (id null) or edits an account of the chart. */
export function useAccountWrite() {
  const client = useQueryClient();
  return useMutation({
    /** An edit sends back the updated_at of the row as listed (409 when someone saved the account since). */
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      (id === null
        ? api.post<{ data: Account }>(ACCOUNTS_PATH, body)
        : api.put<{ data: Account }>(`${ACCOUNTS_PATH}/${id}`, body)
      ).then((r) => r.data),
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
