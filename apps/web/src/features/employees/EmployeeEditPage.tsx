import { Button, Paper, Skeleton } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { useRecordVersion } from '../../lib/conflict';
import { notifySuccess } from '../../lib/notify';
import { useEmployee, useSaveEmployee } from './api';
import { EmployeeForm, toEmployeeFormValues } from './EmployeeForm';

/** /company/employee/edit?id=N */
export default function EmployeeEditPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const navigate = useNavigate();
  const employee = useEmployee(id);
  const version = useRecordVersion(employee.data, async () => (await employee.refetch()).data);
  const save = useSaveEmployee(id);
  if (id === null || employee.isError) {
    return (
      <>
        <PageHeader title="従業員の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="従業員が見つかりません"
            action={
              <Button component={Link} to="/company/employee" variant="light">
                従業員一覧に戻る
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (!employee.data) return <Skeleton height={360} radius="md" />;
  const record = employee.data;
  return (
    <>
      <PageHeader title="従業員の編集" description={`${record.code}　${record.name}`} />
      {version.alert}
      <EmployeeForm
        key={`${record.id}:${version.generation}`}
        hadLogin={record.login_enabled}
        defaultValues={toEmployeeFormValues(record)}
        submitLabel="更新する"
        onSubmit={async (values) => {
          const saved = await version.save((updated_at) => save.mutateAsync({ ...values, updated_at }));
          if (!saved) return;
          notifySuccess('従業員を更新しました');
          navigate('/company/employee');
        }}
      />
    </>
  );
}
