import { isPermitted } from '@chobo/core';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { roleOf, useMe, usePermissions } from '../../lib/session';
import { useTodayStatus } from './api';

/** Home tile: today's attendance (GET /api/company/attendance/today) — 出勤中 / 休憩中 / 退勤 / 未出勤. */
export function AttendanceHomeTile() {
  const permissions = usePermissions();
  const me = useMe();
  const allowed = isPermitted('attendance.index', permissions) && roleOf(me) === 'company';
  const today = useTodayStatus(allowed);
  if (!allowed) return null;
  const c = today.data?.counts;
  return (
    <Paper withBorder radius="md" p="md" data-testid="home-tile-attendance">
      <Text size="sm" c="dimmed" fw={600}>
        本日の出勤状況
      </Text>
      {c ? (
        <>
          <Text fz={22} fw={700} mt={6}>
            {c.working + c.on_break}
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              人 勤務中
            </Text>
          </Text>
          <Group gap={8} mt={4}>
            <Text size="xs">休憩中 {c.on_break}</Text>
            <Text size="xs">退勤 {c.finished}</Text>
            <Text size="xs">未出勤 {c.not_started}</Text>
          </Group>
          <Anchor component={Link} to="/company/attendance" size="xs" mt={6} display="inline-block">
            出勤管理へ
          </Anchor>
        </>
      ) : (
        <Text size="sm" mt="md" c="gray.6">
          読み込み中…
        </Text>
      )}
    </Paper>
  );
}
