import { type AttendanceDay, CORRECTION_STATUS_LABELS, todayInTokyo } from '@chobo/core';
import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useAttendanceMonth, useCorrections, useRequestCorrection } from './api';
import { ClockPanel } from './ClockPanel';
import { CorrectionTimes } from './CorrectionTimes';
import { DayForm, toDayFormValues } from './DayForm';
import { MonthSheet } from './MonthGrid';
import { MonthPicker } from './MonthPicker';

/** The employee's /company/attendance: the clock, the own grid with correction requests, and their state. */
export function EmployeeAttendance() {
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
          <MonthSheet
            month={grid.data}
            actions={(d) =>
              grid.data?.locked || d.pending_correction || d.date > todayInTokyo() ? null : (
                <Button size="compact-xs" variant="light" onClick={() => setRequestDay(d)}>
                  修正申請
                </Button>
              )
            }
          />
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
                <CorrectionTimes c={c} />
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
