import { isPermitted } from '@chobo/core';
import { Anchor, Paper, Progress, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePermissions } from '../../lib/session';
import { useEmployeeSettings } from './api';

/** Home tile: active employees against max_employee (only with 従業員設定 permission). */
export function EmployeesHomeTile() {
  const allowed = isPermitted('account.max-employee', usePermissions());
  const settings = useEmployeeSettings(allowed);
  if (!allowed) return null;
  const s = settings.data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="home-tile-employees">
      <Text size="sm" c="dimmed" fw={600}>
        在籍従業員
      </Text>
      {s ? (
        <>
          <Text fz={22} fw={700} mt={6}>
            {s.active_employees}
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              / 上限 {s.max_employee}人
            </Text>
          </Text>
          <Progress
            mt="xs"
            value={s.max_employee > 0 ? Math.min(100, (s.active_employees / s.max_employee) * 100) : 100}
            color={s.active_employees >= s.max_employee ? 'danger' : 'primary'}
            aria-label="上限に対する在籍従業員の割合"
          />
          <Anchor component={Link} to="/company/employee" size="xs" mt={6} display="inline-block">
            従業員管理へ
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
