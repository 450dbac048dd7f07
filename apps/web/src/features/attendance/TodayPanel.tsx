import { CLOCK_STATE_LABELS, formatDateJa, tokyoTime } from '@chobo/core';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useTodayStatus } from './api';

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
