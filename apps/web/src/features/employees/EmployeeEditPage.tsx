import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage, useRecordId } from '../../components/record-page/RecordPage';
import { notifySuccess } from '../../lib/notify';
import { useEmployee, useSaveEmployee } from './api';
import { EmployeeForm, toEmployeeFormValues } from './EmployeeForm';

const LIST_PATH = '/company/employee';

/** /company/employee/edit?id=N */
export default function EmployeeEditPage() {
  const id = useRecordId();
  const navigate = useNavigate();
  const employee = useEmployee(id);
  const save = useSaveEmployee(id);
  return (
    <RecordPage
      title="従業員の編集"
      noun="従業員"
      id={id}
      query={employee}
      anyErrorIsMissing
      notFoundDescription={null}
      back={{ to: LIST_PATH, label: '従業員一覧に戻る' }}
      skeleton={[360]}
    >
      {(record, version) => (
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
              navigate(LIST_PATH);
            }}
          />
        </>
      )}
    </RecordPage>
  );
}
