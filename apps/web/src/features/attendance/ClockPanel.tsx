import { CLOCK_ACTION_LABELS, CLOCK_STATE_LABELS, type ClockAction, formatDateJa, tokyoTime } from '@chobo/core';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCoffee, IconLogin, IconLogout, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useClock, useClockStatus } from './api';

const STATE_COLOURS = { not_started: 'gray', working: 'teal', on_break: 'orange', finished: 'blue' } as const;
const ICONS = { in: IconLogin, break_start: IconCoffee, break_end: IconPlayerPlay, out: IconLogout } as const;

/** The server's time, ticking locally from the last answer (the punch itself always takes the server's clock). */
function useServerClock(serverTime: string | undefined): Date | null {
  const [offset, setOffset] = useState<number | null>(null);
  const [, tick] = useState(0);
  useEffect(() => {
    if (serverTime) setOffset(Date.parse(serverTime) - Date.now());
  }, [serverTime]);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  return offset === null ? null : new Date(Date.now() + offset);
}

/** 出勤 / 休憩開始 / 休憩終了 / 退勤: the employee's first screen, big buttons usable on a phone. */
export function ClockPanel() {
  const status = useClockStatus();
  const clock = useClock();
  const now = useServerClock(status.data?.server_time);
  if (status.isError) {
    return (
      <Alert color="danger" title="打刻画面を表示できません">
        {errorMessage(status.error)}
      </Alert>
    );
  }
  if (!status.data) return <Skeleton height={260} radius="md" />;
  const s = status.data;
  const state = s.state;
  const enabled: Record<ClockAction, boolean> = {
    in: state === 'not_started',
    break_start: state === 'working',
    break_end: state === 'on_break',
    out: state === 'working' || state === 'on_break',
  };
  const run = async (action: ClockAction) => {
    try {
      await clock.mutateAsync(action);
      notifySuccess(`${CLOCK_ACTION_LABELS[action]}を打刻しました`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const day = s.day;
  const nowText = now ? tokyoTime(now.toISOString()) : '';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="clock-panel">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Text size="sm" c="dimmed">
              {formatDateJa(s.date)}　{s.employee.name}
            </Text>
            <Text fz={40} fw={700} ff="monospace" lh={1.1} aria-label="サーバー時刻" data-testid="server-time">
              {nowText}
              <Text span fz={18} c="dimmed">
                {now ? `:${String(new Date(now.getTime() + 9 * 3600_000).getUTCSeconds()).padStart(2, '0')}` : ''}
              </Text>
            </Text>
          </div>
          <Badge size="xl" color={STATE_COLOURS[state]} variant="light" data-testid="clock-state">
            {CLOCK_STATE_LABELS[state]}
          </Badge>
        </Group>
        {s.locked && (
          <Alert color="yellow" variant="light">
            今月は締め済みのため打刻できません。
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="sm">
          {(['in', 'out', 'break_start', 'break_end'] as const).map((action) => {
            const Icon = ICONS[action];
            return (
              <Button
                key={action}
                size="xl"
                h={72}
                px="xs"
                fz={{ base: 17, xs: 20 }}
                radius="md"
                color={action === 'in' ? 'teal' : action === 'out' ? 'blue' : 'orange'}
                variant={enabled[action] ? 'filled' : 'light'}
                disabled={!enabled[action] || s.locked}
                loading={clock.isPending && clock.variables === action}
                leftSection={<Icon size={22} />}
                onClick={() => void run(action)}
              >
                {CLOCK_ACTION_LABELS[action]}
              </Button>
            );
          })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="today-times">
          {[
            ['出勤', tokyoTime(day?.clock_in ?? null)],
            ['退勤', tokyoTime(day?.clock_out ?? null, s.date)],
            [
              '休憩',
              day?.breaks.length ? day.breaks.map((b) => `${tokyoTime(b.start)}〜${tokyoTime(b.end)}`).join(' ') : '',
            ],
          ].map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600} ff="monospace">
                {value || '—'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
