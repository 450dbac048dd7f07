import type {
  AttendanceCorrection,
  AttendanceMonth,
  AttendanceSummary,
  ClockAction,
  ClockStatus,
  TodayStatus,
} from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildQuery } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** react-query hooks of 出勤管理 (docs/product/PRODUCT.md §4, issue 14). */
export const ATTENDANCE_PATH = '/api/company/attendance';

export const attendanceKeys = {
  all: ['attendance'] as const,
  month: (employeeId: number | null, month: string) => [...attendanceKeys.all, 'month', employeeId, month] as const,
  clock: () => [...attendanceKeys.all, 'clock'] as const,
  today: () => [...attendanceKeys.all, 'today'] as const,
  summary: (month: string) => [...attendanceKeys.all, 'summary', month] as const,
  day: (id: number) => [...attendanceKeys.all, 'day', id] as const,
  corrections: (status: string) => [...attendanceKeys.all, 'corrections', status] as const,
};

export interface AttendanceDayRecord {
  id: number;
  employee: { id: number; code: string; name: string };
  date: string;
  clock_in: string;
  clock_out: string | null;
  breaks: { start: string; end: string | null }[];
  updated_at: string;
}

export interface DayBody {
  employee_id: number;
  date: string;
  clock_in: string;
  clock_out: string;
  breaks: { start: string; end: string }[];
  reason: string;
}

/** The month grid; employeeId null = the signed-in employee's own. */
export function useAttendanceMonth(employeeId: number | null, month: string, enabled = true) {
  return useQuery<AttendanceMonth>({
    queryKey: attendanceKeys.month(employeeId, month),
    queryFn: ({ signal }) =>
      api
        .get<{ data: AttendanceMonth }>(ATTENDANCE_PATH, { query: { employee_id: employeeId, month }, signal })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useClockStatus() {
  return useQuery({
    queryKey: attendanceKeys.clock(),
    queryFn: ({ signal }) => api.get<{ data: ClockStatus }>(`${ATTENDANCE_PATH}/clock`, { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  });
}

export function useClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ClockAction) =>
      api.post<{ data: ClockStatus }>(`${ATTENDANCE_PATH}/clock`, { action }).then((r) => r.data),
    meta: { silent: true },
    onSuccess: (status) => {
      client.setQueryData(attendanceKeys.clock(), status);
      return client.invalidateQueries({ queryKey: [...attendanceKeys.all, 'month'] });
    },
  });
}

export function useTodayStatus(enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.today(),
    queryFn: ({ signal }) => api.get<{ data: TodayStatus }>(`${ATTENDANCE_PATH}/today`, { signal }).then((r) => r.data),
    refetchInterval: 60_000,
    enabled,
  });
}

export function useAttendanceSummary(month: string) {
  return useQuery<AttendanceSummary>({
    queryKey: attendanceKeys.summary(month),
    queryFn: ({ signal }) =>
      api
        .get<{ data: AttendanceSummary }>(`${ATTENDANCE_PATH}/summary`, { query: { month }, signal })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useMonthClose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ month, reopen }: { month: string; reopen: boolean }) =>
      api.post(`${ATTENDANCE_PATH}/${reopen ? 'reopen' : 'close'}`, { month }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}

export function useAttendanceDay(id: number | null) {
  return useQuery({
    queryKey: attendanceKeys.day(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: AttendanceDayRecord }>(`${ATTENDANCE_PATH}/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    meta: { silent: true },
    staleTime: 0,
  });
}

export function useSaveDay(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DayBody & { updated_at?: string }) =>
      (id === null
        ? api.post<{ data: { id: number; updated_at: string } }>(ATTENDANCE_PATH, body)
        : api.put<{ data: { id: number; updated_at: string } }>(`${ATTENDANCE_PATH}/${id}`, body)
      ).then((r) => r.data),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}

export function useCorrections(status: 'pending' | 'all', enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.corrections(status),
    queryFn: ({ signal }) =>
      api
        .get<{ data: AttendanceCorrection[] }>(`${ATTENDANCE_PATH}/corrections`, { query: { status }, signal })
        .then((r) => r.data),
    enabled,
  });
}

export function useRequestCorrection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<DayBody, 'employee_id'>) =>
      api.post<{ data: AttendanceCorrection }>(`${ATTENDANCE_PATH}/corrections`, body).then((r) => r.data),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}

export function useDecideCorrection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      api.post(`${ATTENDANCE_PATH}/corrections/${id}/${approve ? 'approve' : 'reject'}`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}

export type AttendanceCsvKind = 'daily' | 'monthly';

/**
 * GET /api/company/attendance/export → attendance-YYYY-MM.csv (日ごと) or attendance-monthly-YYYY-MM.csv (給与計算用の
 * 月次集計), UTF-8 BOM or Shift_JIS.
 */
export async function downloadAttendanceCsv(
  month: string,
  encoding: 'utf8' | 'sjis',
  kind: AttendanceCsvKind = 'daily',
): Promise<void> {
  await downloadFile(`${ATTENDANCE_PATH}/export${buildQuery({ month, encoding, kind })}`, {
    filename: kind === 'monthly' ? `attendance-monthly-${month}.csv` : `attendance-${month}.csv`,
  });
}
