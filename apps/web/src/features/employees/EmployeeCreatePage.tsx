import { isPermitted } from '@chobo/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { notifySuccess } from '../../lib/notify';
import { usePermissions } from '../../lib/session';
import { useEmployeeSettings, useSaveEmployee } from './api';
import { EmployeeForm, toEmployeeFormValues } from './EmployeeForm';

/** /company/employee/create */
export default function EmployeeCreatePage() {
  const navigate = useNavigate();
  const save = useSaveEmployee(null);
  const settings = useEmployeeSettings(isPermitted('account.max-employee', usePermissions()));
  const s = settings.data;
  return (
    <>
      <PageHeader
        title="従業員の登録"
        description={
          s ? `在籍 ${s.active_employees}人 / 上限 ${s.max_employee}人　* は必須項目です。` : '* は必須項目です。'
        }
      />
      <EmployeeForm
        defaultValues={toEmployeeFormValues()}
        submitLabel="登録する"
        onSubmit={async (values) => {
          const created = await save.mutateAsync(values);
          notifySuccess(created.login_enabled ? '従業員を登録し、招待メールを送信しました' : '従業員を登録しました');
          navigate('/company/employee');
        }}
      />
    </>
  );
}
