import { formatDateJa, todayInTokyo } from '@chobo/core';
import { Badge, Button, Group, Menu, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconLock, IconLockOpen } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { type AttendanceCsvKind, useAttendanceMonth, useAttendanceSummary } from './api';
import { CorrectionsPanel } from './CorrectionsPanel';
import { MonthSheet } from './MonthGrid';
import { MonthPicker } from './MonthPicker';
import { MonthSummaryTable } from './MonthSummaryTable';
import { monthLabel, validMonth } from './month';
import { TodayPanel } from './TodayPanel';
import { useMonthActions } from './use-month-actions';

/** The manager's /company/attendance: today, the corrections waiting, one employee's month, everyone's totals. */
export function ManagerAttendance() {
  const [params, setParams] = useSearchParams();
  const month = validMonth(params.get('month')) ?? todayInTokyo().slice(0, 7);
  const summary = useAttendanceSummary(month);
  const rows = summary.data?.rows ?? [];
  const rawId = Number(params.get('employee_id'));
  const employeeId = Number.isInteger(rawId) && rawId > 0 ? rawId : (rows[0]?.id ?? null);
  const grid = useAttendanceMonth(employeeId, month, employeeId !== null);
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) next.set(k, v);
    setParams(next, { replace: true });
  };
  const locked = summary.data?.locked ?? false;
  const { confirmClose, download } = useMonthActions(month, locked);

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
          <MonthActions
            month={month}
            employeeId={employeeId}
            locked={locked}
            onClose={confirmClose}
            onDownload={download}
          />
        </Group>
        {grid.data && employeeId ? (
          <MonthSheet
            month={grid.data}
            heading={
              <Text fw={600}>
                {grid.data.employee.code} {grid.data.employee.name}　
                <Text span size="sm" c="dimmed">
                  {formatDateJa(grid.data.period.from)}〜{formatDateJa(grid.data.period.to)}
                </Text>
              </Text>
            }
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
        <MonthSummaryTable rows={rows} onPick={(id) => update({ employee_id: String(id) })} />
      </Paper>
    </Stack>
  );
}

/** 出勤記録を登録 (while the month is open), the CSV, 月締め / 締めを解除. */
function MonthActions({
  month,
  employeeId,
  locked,
  onClose,
  onDownload,
}: {
  month: string;
  employeeId: number | null;
  locked: boolean;
  onClose: () => void;
  onDownload: (encoding: 'utf8' | 'sjis', kind: AttendanceCsvKind) => Promise<void>;
}) {
  return (
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
          <Menu.Label>出勤簿（日ごと）</Menu.Label>
          <Menu.Item onClick={() => void onDownload('utf8', 'daily')}>UTF-8（BOM付き）</Menu.Item>
          <Menu.Item onClick={() => void onDownload('sjis', 'daily')}>Shift_JIS</Menu.Item>
          <Menu.Divider />
          <Menu.Label>月次集計（給与計算用）</Menu.Label>
          <Menu.Item onClick={() => void onDownload('utf8', 'monthly')}>UTF-8（BOM付き）</Menu.Item>
          <Menu.Item onClick={() => void onDownload('sjis', 'monthly')}>Shift_JIS</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button
        size="sm"
        color={locked ? 'gray' : 'dark'}
        leftSection={locked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
        onClick={onClose}
      >
        {locked ? '締めを解除' : '月締め'}
      </Button>
    </Group>
  );
}
