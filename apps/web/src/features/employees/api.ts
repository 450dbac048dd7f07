import type { Employee, EmployeeSettings, EmployeeSettingsValues, EmployeeValues, Paginated } from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
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
  all: ['employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (p: EmployeeListParams) => [...employeeKeys.lists(), p] as const,
  detail: (id: number) => [...employeeKeys.all, 'detail', id] as const,
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

export function useEmployee(id: number | null) {
  return useQuery({
    queryKey: employeeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: Employee }>(`${EMPLOYEES_PATH}/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    meta: { silent: true },
    staleTime: 0,
  });
}

export function useSaveEmployee(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    /** An edit carries the `updated_at` it read (409 when someone saved the employee since). */
    mutationFn: (values: EmployeeValues & { updated_at?: string }) =>
      (id === null
        ? api.post<{ data: Employee }>(EMPLOYEES_PATH, values)
        : api.put<{ data: Employee }>(`${EMPLOYEES_PATH}/${id}`, values)
      ).then((r) => r.data),
    meta: { silent: true },
    onSuccess: (employee) => {
      client.setQueryData(employeeKeys.detail(employee.id), employee);
      void client.invalidateQueries({ queryKey: employeeKeys.settings });
      return client.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
  });
}

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
