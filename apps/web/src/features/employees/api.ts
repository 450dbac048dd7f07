import type { Employee, EmployeeSettings, EmployeeSettingsValues, EmployeeValues, Paginated } from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { recordKeys, useRecord, useSaveRecord } from '../../lib/record-hooks';
import { loadMe } from '../../lib/session';

/** react-query hooks of 従業員管理 and 従業員設定 (docs/product/PRODUCT.md §4). */
export const EMPLOYEES_PATH = '/api/company/employees';
export const SETTINGS_PATH = '/api/company/employee-settings';

export interface EmployeeListParams {
  keyword: string;
  page: number;
  sort_by: string | null;
  sort_dir: 'asc' | 'desc' | null;
}

export const employeeKeys = {
  ...recordKeys<EmployeeListParams>('employees'),
  settings: ['employee-settings'] as const,
};

export function useEmployeeList(p: EmployeeListParams) {
  return useQuery({
    queryKey: employeeKeys.list(p),
    queryFn: ({ signal }) =>
      api.get<Paginated<Employee>>(EMPLOYEES_PATH, {
        query: {
          keyword: p.keyword,
          page: p.page,
          per_page: 20,
          sort_by: p.sort_by,
          sort_dir: p.sort_by ? p.sort_dir : null,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useEmployee = (id: number | null) => useRecord<Employee>(employeeKeys, EMPLOYEES_PATH, id);

/** An edit carries the `updated_at` it read (409 when someone saved the employee since). */
export const useSaveEmployee = (id: number | null) =>
  useSaveRecord<Employee, EmployeeValues & { updated_at?: string }>(employeeKeys, EMPLOYEES_PATH, id, (client) => {
    void client.invalidateQueries({ queryKey: employeeKeys.settings });
  });

export function useDeleteEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${EMPLOYEES_PATH}/${id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: employeeKeys.settings });
      return client.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
  });
}

export function useEmployeeSettings(enabled = true) {
  return useQuery({
    queryKey: employeeKeys.settings,
    queryFn: ({ signal }) => api.get<{ data: EmployeeSettings }>(SETTINGS_PATH, { signal }).then((r) => r.data),
    enabled,
    meta: { silent: true },
  });
}

export function useSaveEmployeeSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: EmployeeSettingsValues & { updated_at: string }) =>
      api.put<{ data: EmployeeSettings }>(SETTINGS_PATH, values).then((r) => r.data),
    meta: { silent: true },
    onSuccess: (data) => {
      client.setQueryData(employeeKeys.settings, data);
      void loadMe({ force: true });
    },
  });
}
