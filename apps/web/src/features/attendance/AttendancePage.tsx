import {
  type AttendanceDay,
  CLOCK_STATE_LABELS,
  CORRECTION_STATUS_LABELS,
  formatDateJa,
  formatMinutes,
  todayInTokyo,
  tokyoTime,
} from '@chobo/core';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronLeft, IconChevronRight, IconDownload, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { roleOf, useMe } from '../../lib/session';
import {
  downloadAttendanceCsv,
  useAttendanceMonth,
  useAttendanceSummary,
  useCorrections,
  useDecideCorrection,
  useMonthClose,
  useRequestCorrection,
  useTodayStatus,
} from './api';
import { ClockPanel } from './ClockPanel';
import { DayForm, toDayFormValues } from './DayForm';
import { AlertList, MonthGrid, MonthTotals } from './MonthGrid';

const shiftMonth = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const idx = y * 12 + (m - 1) + n;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
};
export const monthLabel = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5))}月`;
const validMonth = (v: string | null) => (v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? v : null);

function MonthPicker({ month, onChange }: { month: string; onChange: (m: string) => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label="前の月" onClick={() => onChange(shiftMonth(month, -1))}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text fw={700} miw={96} ta="center" data-testid="attendance-month">
        {monthLabel(month)}
      </Text>
      <ActionIcon variant="default" size="lg" aria-label="次の月" onClick={() => onChange(shiftMonth(month, 1))}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}

/** /company/attendance: the employee's clock and own grid, or the manager's grids and overview. */
export default function AttendancePage() {
  const me = useMe();
  return roleOf(me) === 'employee' ? <EmployeeAttendance /> : <ManagerAttendance />;
}

// ── employee ────────────────────────────────────────────────────────────────────

function EmployeeAttendance() {
  const [month, setMonth] = useState(todayInTokyo().slice(0, 7));
  const grid = useAttendanceMonth(null, month);
  const [requestDay, setRequestDay] = useState<AttendanceDay | null>(null);
  const request = useRequestCorrection();
  const mine = useCorrections('all');
  return (
    <Stack gap="lg">
      <PageHeader
        title="出勤管理"
        description="出勤・休憩・退勤を打刻します。時刻はサーバーの時計で記録されます。"
        mb={0}
      />
      <ClockPanel />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={3} fz={16}>
            自分の出勤簿
          </Title>
          <MonthPicker month={month} onChange={setMonth} />
        </Group>
        {grid.data ? (
          <Stack gap="sm">
            <MonthTotals month={grid.data} />
            <AlertList alerts={grid.data.alerts.filter((a) => !a.date)} />
            <MonthGrid
              month={grid.data}
              actions={(d) =>
                grid.data?.locked || d.pending_correction || d.date > todayInTokyo() ? null : (
                  <Button size="compact-xs" variant="light" onClick={() => setRequestDay(d)}>
                    修正申請
                  </Button>
                )
              }
            />
          </Stack>
        ) : grid.isError ? (
          <Text c="danger">{errorMessage(grid.error)}</Text>
        ) : (
          <Skeleton height={300} />
        )}
      </Paper>
      {mine.data && mine.data.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz={16} mb="sm">
            修正申請
          </Title>
          <Stack gap={4}>
            {mine.data.map((c) => (
              <Group key={c.id} gap="xs" wrap="wrap">
                <Text size="sm">{formatDateJa(c.date)}</Text>
                <Text size="sm" ff="monospace">
                  {tokyoTime(c.clock_in)}〜{tokyoTime(c.clock_out, c.date)}
                </Text>
                <Badge
                  size="sm"
                  variant="light"
                  color={c.status === 'pending' ? 'grape' : c.status === 'approved' ? 'teal' : 'gray'}
                >
                  {CORRECTION_STATUS_LABELS[c.status]}
                </Badge>
                <Text size="xs" c="dimmed">
                  {c.reason}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      <Modal opened={requestDay !== null} onClose={() => setRequestDay(null)} title="打刻の修正申請" fullScreen={false}>
        {requestDay && (
          <DayForm
            initial={{ ...toDayFormValues(requestDay.clock_in ? requestDay : undefined), date: requestDay.date }}
            dateEditable={false}
            reasonLabel="申請理由"
            submitLabel="申請する"
            onCancel={() => setRequestDay(null)}
            onSubmit={async (times) => {
              await request.mutateAsync(times);
              notifySuccess('修正を申請しました。管理者の承認をお待ちください');
              setRequestDay(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

// ── manager ─────────────────────────────────────────────────────────────────────

function ManagerAttendance() {
  const [params, setParams] = useSearchParams();
  const month = validMonth(params.get('month')) ?? todayInTokyo().slice(0, 7);
  const summary = useAttendanceSummary(month);
  const rows = summary.data?.rows ?? [];
  const rawId = Number(params.get('employee_id'));
  const employeeId = Number.isInteger(rawId) && rawId > 0 ? rawId : (rows[0]?.id ?? null);
  const grid = useAttendanceMonth(employeeId, month, employeeId !== null);
  const closeMonth = useMonthClose();
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) next.set(k, v);
    setParams(next, { replace: true });
  };
  const locked = summary.data?.locked ?? false;

  const confirmClose = () =>
    modals.openConfirmModal({
      title: locked ? `${monthLabel(month)}の締めを解除` : `${monthLabel(month)}を締める`,
      children: (
        <Text size="sm">
          {locked
            ? '締めを解除すると、この月の打刻と編集ができるようになります。'
            : '締めた月は打刻・編集・修正申請ができなくなります（解除は企業の管理者が行えます）。'}
        </Text>
      ),
      labels: { confirm: locked ? '解除する' : '締める', cancel: 'キャンセル' },
      onConfirm: async () => {
        try {
          await closeMonth.mutateAsync({ month, reopen: locked });
          notifySuccess(locked ? `${monthLabel(month)}の締めを解除しました` : `${monthLabel(month)}を締めました`);
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });

  const download = async (encoding: 'utf8' | 'sjis') => {
    try {
      await downloadAttendanceCsv(month, encoding);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title="出勤管理"
        description="従業員の出勤簿・月次集計・36協定アラート。修正は理由とともに履歴に残ります。"
      />
      <TodayPanel />
      <CorrectionsPanel />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
          <Group gap="sm" wrap="wrap">
            <Select
              aria-label="従業員"
              placeholder="従業員を選択"
              data={rows.map((r) => ({ value: String(r.id), label: `${r.code} ${r.name}` }))}
              value={employeeId ? String(employeeId) : null}
              onChange={(v) => v && update({ employee_id: v })}
              searchable
              w={240}
              data-testid="employee-select"
            />
            <MonthPicker month={month} onChange={(m) => update({ month: m })} />
            {locked && (
              <Badge color="gray" leftSection={<IconLock size={12} />}>
                締め済み
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            {employeeId && !locked && (
              <Button
                component={Link}
                to={`/company/attendance/create?employee_id=${employeeId}&month=${month}`}
                variant="light"
                size="sm"
              >
                出勤記録を登録
              </Button>
            )}
            <Menu>
              <Menu.Target>
                <Button variant="default" size="sm" leftSection={<IconDownload size={16} />}>
                  CSV
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void download('utf8')}>UTF-8（BOM付き）</Menu.Item>
                <Menu.Item onClick={() => void download('sjis')}>Shift_JIS</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              size="sm"
              color={locked ? 'gray' : 'dark'}
              leftSection={locked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
              onClick={confirmClose}
            >
              {locked ? '締めを解除' : '月締め'}
            </Button>
          </Group>
        </Group>
        {grid.data && employeeId ? (
          <Stack gap="sm">
            <Text fw={600}>
              {grid.data.employee.code} {grid.data.employee.name}　
              <Text span size="sm" c="dimmed">
                {formatDateJa(grid.data.period.from)}〜{formatDateJa(grid.data.period.to)}
              </Text>
            </Text>
            <MonthTotals month={grid.data} />
            <AlertList alerts={grid.data.alerts.filter((a) => !a.date)} />
            <MonthGrid
              month={grid.data}
              actions={(d) =>
                locked || (!d.id && d.date >= todayInTokyo()) ? null : d.id ? (
                  <Button
                    component={Link}
                    to={`/company/attendance/edit?id=${d.id}&month=${month}`}
                    size="compact-xs"
                    variant="light"
                  >
                    編集
                  </Button>
                ) : (
                  <Button
                    component={Link}
                    to={`/company/attendance/create?employee_id=${employeeId}&date=${d.date}&month=${month}`}
                    size="compact-xs"
                    variant="subtle"
                  >
                    登録
                  </Button>
                )
              }
            />
          </Stack>
        ) : summary.data && rows.length === 0 ? (
          <Text c="dimmed">従業員が登録されていません。</Text>
        ) : (
          <Skeleton height={300} />
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={3} fz={16} mb="sm">
          全従業員の月次集計（{monthLabel(month)}）
        </Title>
        <ScrollArea type="auto">
          <Table withTableBorder fz="sm" miw={820} data-testid="attendance-summary">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>社員番号</Table.Th>
                <Table.Th>氏名</Table.Th>
                <Table.Th ta="right">出勤日数</Table.Th>
                <Table.Th ta="right">欠勤</Table.Th>
                <Table.Th ta="right">労働時間</Table.Th>
                <Table.Th ta="right">時間外</Table.Th>
                <Table.Th ta="right">60h超</Table.Th>
                <Table.Th ta="right">深夜</Table.Th>
                <Table.Th ta="right">休日</Table.Th>
                <Table.Th>アラート</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.code}</Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => update({ employee_id: String(r.id) })}>
                      {r.name}
                    </Button>
                  </Table.Td>
                  <Table.Td ta="right">{r.totals.days_worked}</Table.Td>
                  <Table.Td ta="right">{r.totals.absences}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMinutes(r.totals.worked_minutes)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMinutes(r.totals.overtime_minutes)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMinutes(r.totals.overtime_over_60_minutes)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMinutes(r.totals.late_night_minutes)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMinutes(r.totals.holiday_minutes)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {r.alerts
                        .filter((a) => !a.date)
                        .map((a) => (
                          <Badge
                            key={a.code}
                            size="xs"
                            color={a.level === 'alert' ? 'red' : 'yellow'}
                            title={a.message}
                          >
                            {a.message.replace(/（.*$/, '')}
                          </Badge>
                        ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    </Stack>
  );
}

const STATE_COLOURS = { not_started: 'gray', working: 'teal', on_break: 'orange', finished: 'blue' } as const;

/** 本日の出勤状況 (GET /api/company/attendance/today). */
export function TodayPanel() {
  const today = useTodayStatus();
  if (!today.data) return <Skeleton height={90} radius="md" />;
  const t = today.data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="attendance-today">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} fz={16}>
          本日の出勤状況（{formatDateJa(t.date)}）
        </Title>
        <Group gap={6}>
          {(['working', 'on_break', 'finished', 'not_started'] as const).map((s) => (
            <Badge key={s} color={STATE_COLOURS[s]} variant="light">
              {CLOCK_STATE_LABELS[s]} {t.counts[s]}
            </Badge>
          ))}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={6}>
        {t.employees.map((e) => (
          <Group key={e.id} gap={6} wrap="nowrap">
            <Badge size="sm" color={STATE_COLOURS[e.state]} variant="dot" miw={70}>
              {CLOCK_STATE_LABELS[e.state]}
            </Badge>
            <Text size="sm" truncate>
              {e.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {tokyoTime(e.clock_in)}
              {e.clock_out ? `〜${tokyoTime(e.clock_out)}` : ''}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function CorrectionsPanel() {
  const list = useCorrections('pending');
  const decide = useDecideCorrection();
  if (!list.data?.length) return null;
  const run = async (id: number, approve: boolean) => {
    try {
      await decide.mutateAsync({ id, approve });
      notifySuccess(approve ? '修正申請を承認しました' : '修正申請を却下しました');
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="attendance-corrections">
      <Title order={3} fz={16} mb="sm">
        承認待ちの修正申請（{list.data.length}件）
      </Title>
      <Stack gap="xs">
        {list.data.map((c) => (
          <Group key={c.id} justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600}>
                {c.employee.name}
              </Text>
              <Text size="sm">{formatDateJa(c.date)}</Text>
              <Text size="sm" ff="monospace">
                {tokyoTime(c.clock_in)}〜{tokyoTime(c.clock_out, c.date)}
              </Text>
              <Text size="sm" c="dimmed">
                理由：{c.reason}
              </Text>
            </Group>
            <Group gap="xs">
              <Button size="xs" color="teal" onClick={() => void run(c.id, true)}>
                承認
              </Button>
              <Button size="xs" variant="default" onClick={() => void run(c.id, false)}>
                却下
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
