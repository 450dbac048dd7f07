import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCorrections, useDecideCorrection } from './api';
import { CorrectionTimes } from './CorrectionTimes';

/** The manager's 承認待ちの修正申請: approve or reject each (nothing shown while none waits). */
export function CorrectionsPanel() {
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
              <CorrectionTimes c={c} />
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
