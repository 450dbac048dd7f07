import {
  type AttendanceAlertDto,
  type AttendanceDay,
  type AttendanceMonth,
  formatDateTimeJa,
  formatMinutes,
  tokyoTime,
  WEEKDAY_SHORT,
} from '@chobo/core';
import { Alert, Badge, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';

const HISTORY_ACTIONS: Record<string, string> = { create: '登録', update: '編集', correction: '修正申請の承認' };

const hm = (m: number) => (m ? formatMinutes(m) : '');

function dayColour(d: AttendanceDay): string | undefined {
  if (d.holiday_name || d.weekday === 0) return 'var(--mantine-color-red-0)';
  if (d.weekday === 6) return 'var(--mantine-color-blue-0)';
  return undefined;
}

function dateColour(d: AttendanceDay): string | undefined {
  if (d.holiday_name || d.weekday === 0) return 'red.8';
  if (d.weekday === 6) return 'blue.8';
  return undefined;
}

function snapshotText(s: unknown): string {
  if (!s || typeof s !== 'object') return 'なし';
  const x = s as {
    date: string;
    clock_in: string | null;
    clock_out: string | null;
    breaks: { start: string; end: string | null }[];
  };
  const breaks = x.breaks.map((b) => `${tokyoTime(b.start)}〜${tokyoTime(b.end)}`).join('、');
  return `${tokyoTime(x.clock_in)}〜${tokyoTime(x.clock_out, x.date)}${breaks ? `（休憩 ${breaks}）` : ''}`;
}

export function MonthTotals({ month }: { month: AttendanceMonth }) {
  const t = month.totals;
  const items: [string, string][] = [
    ['出勤日数', `${t.days_worked}日`],
    ['欠勤', `${t.absences}日`],
    ['労働時間', formatMinutes(t.worked_minutes)],
    ['時間外', formatMinutes(t.overtime_minutes)],
    ['うち60時間超', formatMinutes(t.overtime_over_60_minutes)],
    ['深夜', formatMinutes(t.late_night_minutes)],
    ['休日', formatMinutes(t.holiday_minutes)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="xs" data-testid="attendance-totals">
      {items.map(([label, value]) => (
        <Paper key={label} withBorder radius="md" p="xs">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} ff="monospace">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function AlertList({ alerts }: { alerts: AttendanceAlertDto[] }) {
  if (!alerts.length) return null;
  return (
    <Stack gap={6} data-testid="attendance-alerts">
      {alerts.map((a) => (
        <Alert
          key={`${a.code}-${a.date ?? ''}`}
          color={a.level === 'alert' ? 'red' : 'yellow'}
          variant="light"
          py={6}
          icon={<IconAlertTriangle size={16} />}
        >
          <Text size="sm">
            {a.date ? `${Number(a.date.slice(5, 7))}/${Number(a.date.slice(8))} ` : ''}
            {a.level === 'alert' ? '【超過】' : '【注意】'}
            {a.message}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

/** The month grid: one row per day (土日祝 coloured, holiday names), times, minutes as H:MM, history per day. */
export function MonthGrid({
  month,
  actions,
}: {
  month: AttendanceMonth;
  /** The last cell of a day (edit / create / correction request). */
  actions?: (day: AttendanceDay) => ReactNode;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const dayAlerts = new Map<string, AttendanceAlertDto[]>();
  for (const a of month.alerts) {
    if (!a.date) continue;
    dayAlerts.set(a.date, [...(dayAlerts.get(a.date) ?? []), a]);
  }
  const cols = actions ? 10 : 9;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped={false} withTableBorder fz="sm" miw={760} verticalSpacing={4} data-testid="attendance-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>日付</Table.Th>
            <Table.Th>出勤</Table.Th>
            <Table.Th>退勤</Table.Th>
            <Table.Th>休憩</Table.Th>
            <Table.Th ta="right">労働</Table.Th>
            <Table.Th ta="right">時間外</Table.Th>
            <Table.Th ta="right">深夜</Table.Th>
            <Table.Th ta="right">休日</Table.Th>
            <Table.Th>備考</Table.Th>
            {actions && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {month.days.map((d) => {
            const alerts = dayAlerts.get(d.date) ?? [];
            return (
              <Fragment key={d.date}>
                <Table.Tr bg={dayColour(d)} data-date={d.date}>
                  <Table.Td>
                    <Text size="sm" c={dateColour(d)} fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {Number(d.date.slice(5, 7))}/{Number(d.date.slice(8))}（{WEEKDAY_SHORT[d.weekday]}）
                    </Text>
                    {d.holiday_name && (
                      <Text size="xs" c="red.8">
                        {d.holiday_name}
                      </Text>
                    )}
                    {d.is_statutory_holiday && !d.holiday_name && (
                      <Text size="xs" c="dimmed">
                        法定休日
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace">{tokyoTime(d.clock_in)}</Table.Td>
                  <Table.Td ff="monospace">{tokyoTime(d.clock_out, d.date)}</Table.Td>
                  <Table.Td ff="monospace">{d.clock_in ? formatMinutes(d.break_minutes) : ''}</Table.Td>
                  <Table.Td ff="monospace" ta="right">
                    {hm(d.worked_minutes)}
                  </Table.Td>
                  <Table.Td ff="monospace" ta="right">
                    {hm(d.overtime_minutes)}
                  </Table.Td>
                  <Table.Td ff="monospace" ta="right">
                    {hm(d.late_night_minutes)}
                  </Table.Td>
                  <Table.Td ff="monospace" ta="right">
                    {hm(d.holiday_minutes)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      {alerts.map((a) => (
                        <Badge key={a.code} size="xs" color={a.level === 'alert' ? 'red' : 'yellow'} variant="light">
                          {a.code === 'break_short' ? '休憩不足' : '退勤なし'}
                        </Badge>
                      ))}
                      {d.pending_correction && (
                        <Badge size="xs" color="grape" variant="light">
                          修正申請中
                        </Badge>
                      )}
                      {d.history.length > 0 && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          leftSection={<IconHistory size={12} />}
                          onClick={() => setOpen(open === d.date ? null : d.date)}
                          aria-expanded={open === d.date}
                        >
                          履歴{d.history.length}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                  {actions && <Table.Td style={{ whiteSpace: 'nowrap' }}>{actions(d)}</Table.Td>}
                </Table.Tr>
                {open === d.date && (
                  <Table.Tr>
                    <Table.Td colSpan={cols} bg="gray.0">
                      <Stack gap={4} data-testid="attendance-history">
                        {d.history.map((h) => (
                          <Text key={h.id} size="xs">
                            {formatDateTimeJa(h.created_at)}　{h.actor_name ?? '—'}　
                            {HISTORY_ACTIONS[h.action] ?? h.action}：{snapshotText(h.before)} → {snapshotText(h.after)}
                            　理由：{h.reason ?? '—'}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** A month as both screens show it: an optional heading, the totals, the month's alerts, the grid. */
export function MonthSheet({
  month,
  heading,
  actions,
}: {
  month: AttendanceMonth;
  heading?: ReactNode;
  actions: (day: AttendanceDay) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      {heading}
      <MonthTotals month={month} />
      <AlertList alerts={month.alerts.filter((a) => !a.date)} />
      <MonthGrid month={month} actions={actions} />
    </Stack>
  );
}
