import { type QueryClient, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

/**
 * The react-query keys of one company resource: `all` (everything of it), its `lists` and one record's
 * `detail`. A feature spreads them into its own keys object to add more (settings, reports…).
 */
export function recordKeys<P>(name: string) {
  const all = [name] as const;
  const lists = () => [...all, 'list'] as const;
  return {
    all,
    lists,
    list: (params: P) => [...lists(), params] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

/** What the record hooks read of a keys object. */
export interface RecordKeys {
  lists: () => QueryKey;
  detail: (id: number) => QueryKey;
}

/** POST `path` (id null: a new record) or PUT `path/id`, answering the saved record. */
export function saveRecord<T, B>(path: string, id: number | null, body: B): Promise<T> {
  return (id === null ? api.post<{ data: T }>(path, body) : api.put<{ data: T }>(`${path}/${id}`, body)).then(
    (r) => r.data,
  );
}

/** GET `path/id` for a create/edit page: none while `id` is null, always fresh, errors shown by the page. */
export function useRecord<T>(keys: RecordKeys, path: string, id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: T }>(`${path}/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    meta: { silent: true },
    staleTime: 0,
  });
}

/**
 * Creates (id null) or updates a record; an edit carries the `updated_at` it read (409 when someone saved
 * since). The saved record becomes the detail cache, `also` refreshes what else it changed, the lists reload.
 */
export function useSaveRecord<T extends { id: number }, B>(
  keys: RecordKeys,
  path: string,
  id: number | null,
  also?: (client: QueryClient, record: T) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => saveRecord<T, B>(path, id, body),
    meta: { silent: true },
    onSuccess: (record) => {
      client.setQueryData(keys.detail(record.id), record);
      also?.(client, record);
      return client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

/** DELETE `path/id`: the detail cache is dropped and the lists reload. */
export function useDeleteRecord(keys: RecordKeys, path: string, opts: { silent?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${path}/${id}`),
    ...(opts.silent ? { meta: { silent: true } } : {}),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: keys.detail(id) });
      return client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}
