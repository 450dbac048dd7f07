import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { notifySuccess } from '../../lib/notify';
import { useCreateCustomer } from './api';
import { CustomerForm } from './CustomerForm';
import { listPathFrom, toFormValues } from './form-values';

/** /company/customers/create */
export default function CustomerCreatePage() {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const backTo = listPathFrom(useLocation().state);
  return (
    <>
      <PageHeader title="顧客の登録" description="* は必須項目です。" />
      <CustomerForm
        defaultValues={toFormValues()}
        backTo={backTo}
        submitLabel="登録する"
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          notifySuccess('顧客を登録しました');
          navigate(backTo);
        }}
      />
    </>
  );
}
