import type { LapsedSupplier, RegistryImport, RegistrySummary } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { uploadWithProgress } from '../../lib/upload';

/** The 適格請求書発行事業者 registry (docs/adr/0046): the admin's imports and the company's lapsed suppliers. */
export const registryKeys = {
  summary: ['registry', 'summary'] as const,
  imports: ['registry', 'imports'] as const,
  lapsed: ['registry', 'lapsed'] as const,
};

export function useRegistrySummary() {
  return useQuery({
    queryKey: registryKeys.summary,
    queryFn: async () => (await api.get<{ data: RegistrySummary }>('/api/admin/registry')).data,
  });
}

/** The import history; polled every second while one is queued or running (its progress). */
export function useRegistryImports() {
  return useQuery({
    queryKey: registryKeys.imports,
    queryFn: async () => (await api.get<{ data: RegistryImport[] }>('/api/admin/registry/imports')).data,
    refetchInterval: (q) =>
      q.state.data?.some((i) => i.status === 'queued' || i.status === 'processing') ? 1000 : false,
  });
}

export function uploadRegistryFile(
  file: File,
  signature: File | null,
  kind: 'full' | 'diff',
  onProgress: (loaded: number, total: number) => void,
) {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file);
  if (signature) body.append('signature', signature);
  return uploadWithProgress<{ data: RegistryImport }>('/api/admin/registry/imports', body, { onProgress });
}

export function useLapsedSuppliers() {
  return useQuery({
    queryKey: registryKeys.lapsed,
    queryFn: async () => (await api.get<{ data: LapsedSupplier[] }>('/api/company/registry/lapsed-suppliers')).data,
  });
}
