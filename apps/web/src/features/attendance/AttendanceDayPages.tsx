import { formatDateJa } from '@chobo/core';
import { Button, Paper, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage } from '../../components/record-page/RecordPage';
import type { RecordVersion } from '../../lib/conflict';
import { notifySuccess } from '../../lib/notify';
import { type AttendanceDayRecord, useAttendanceDay, useAttendanceMonth, useSaveDay } from './api';
import { DayForm, toDayFormValues } from './DayForm';

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function backPath(employeeId: number | null, month: string | null) {
  const q = new URLSearchParams();
  if (employeeId) q.set('employee_id', String(employeeId));
  if (month) q.set('month', month);
  const s = q.toString();
  return `/company/attendance${s ? `?${s}` : ''}`;
}

/** /company/attendance/create?employee_id=N&date=YYYY-MM-DD — a manager records a missing day. */
export function AttendanceCreatePage() {
  const [params] = useSearchParams();
  const employeeId = positive(params.get('employee_id'));
  const date = params.get('date') ?? '';
  const month = params.get('month') ?? (date ? date.slice(0, 7) : null);
  const navigate = useNavigate();
  const save = useSaveDay(null);
  const grid = useAttendanceMonth(employeeId, month ?? new Date().toISOString().slice(0, 7), employeeId !== null);
  const back = backPath(employeeId, month);
  if (employeeId === null) {
    return (
      <>
        <PageHeader title="出勤記録の登録" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="従業員が指定されていません"
            description="出勤管理の一覧から従業員を選んで登録してください。"
            action={
              <Button component={Link} to="/company/attendance" variant="light">
                出勤管理に戻る
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="出勤記録の登録"
        description={grid.data ? `${grid.data.employee.code} ${grid.data.employee.name}` : undefined}
      />
      <Paper withBorder radius="md" p="lg" maw={640}>
        <DayForm
          initial={{ ...toDayFormValues(), date }}
          submitLabel="登録する"
          onCancel={() => navigate(back)}
          onSubmit={async (times) => {
            await save.mutateAsync({ ...times, employee_id: employeeId });
            notifySuccess('出勤記録を登録しました');
            navigate(back);
          }}
        />
      </Paper>
    </>
  );
}

/** /company/attendance/edit?id=N — a manager edits a day with a required reason (409 when stale). */
export function AttendanceEditPage() {
  const [params] = useSearchParams();
  const id = positive(params.get('id'));
  const day = useAttendanceDay(id);
  return (
    <RecordPage
      title="出勤記録の編集"
      noun="出勤記録"
      id={id}
      query={day}
      anyErrorIsMissing
      notFoundDescription="URLが正しくない可能性があります。"
      back={{ to: '/company/attendance', label: '出勤管理に戻る' }}
      skeleton={[320]}
    >
      {(record, version) => (
        <DayEditor record={record} version={version} month={params.get('month') ?? record.date.slice(0, 7)} />
      )}
    </RecordPage>
  );
}

function DayEditor({ record, version, month }: { record: AttendanceDayRecord; version: RecordVersion; month: string }) {
  const navigate = useNavigate();
  const save = useSaveDay(record.id);
  const back = backPath(record.employee.id, month);
  return (
    <>
      <PageHeader
        title="出勤記録の編集"
        description={`${record.employee.code} ${record.employee.name}　${formatDateJa(record.date)}`}
      />
      {version.alert}
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Text size="sm" c="dimmed" mb="md">
          変更は修正理由とともに履歴に残ります。
        </Text>
        <DayForm
          key={`${record.id}:${version.generation}`}
          initial={toDayFormValues(record)}
          submitLabel="更新する"
          onCancel={() => navigate(back)}
          onSubmit={async (times) => {
            const saved = await version.save((updated_at) =>
              save.mutateAsync({ ...times, employee_id: record.employee.id, updated_at }),
            );
            if (!saved) return;
            notifySuccess('出勤記録を更新しました');
            navigate(back);
          }}
        />
      </Paper>
    </>
  );
}
