import { formatDateJa } from '@chobo/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage, useRecordId } from '../../components/record-page/RecordPage';
import { notifySuccess } from '../../lib/notify';
import { useCustomer, useUpdateCustomer } from './api';
import { CustomerForm } from './CustomerForm';
import { listPathFrom, rememberSelectedCustomer, toFormValues } from './form-values';

/** /company/customers/edit?id=N (docs/product/SPEC.md.md lists /edit without an id segment; the id is in the query). */
export default function CustomerEditPage() {
  const id = useRecordId();
  const navigate = useNavigate();
  const customer = useCustomer(id);
  const update = useUpdateCustomer(id ?? 0);
  const backTo = listPathFrom(useLocation().state);

  useEffect(() => {
    if (id !== null) rememberSelectedCustomer(id);
  }, [id]);

  return (
    <RecordPage
      title="顧客の編集"
      noun="顧客"
      id={id}
      query={customer}
      back={{ to: backTo, label: '顧客一覧に戻る' }}
      skeleton={[160, 160, 160]}
    >
      {(record, version) => (
        <>
          <PageHeader
            title="顧客の編集"
            description={`${record.name}　登録日 ${formatDateJa(record.created_at)}・更新日 ${formatDateJa(record.updated_at)}`}
          />
          {version.alert}
          <CustomerForm
            key={`${record.id}:${version.generation}`}
            defaultValues={toFormValues(record)}
            customerId={record.id}
            backTo={backTo}
            submitLabel="更新する"
            onSubmit={async (values) => {
              const saved = await version.save((updated_at) => update.mutateAsync({ ...values, updated_at }));
              if (!saved) return;
              notifySuccess('顧客を更新しました');
              navigate(backTo);
            }}
          />
        </>
      )}
    </RecordPage>
  );
}
