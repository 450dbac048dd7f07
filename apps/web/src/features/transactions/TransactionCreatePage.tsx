import { Skeleton, Stack } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { notifySuccess } from '../../lib/notify';
import { DEFAULT_TAX_SETTINGS, useSaveTransaction, useTaxSettings } from './api';
import { listPathFrom, toFormValues } from './form-values';
import { TransactionForm } from './TransactionForm';

/** /company/transactions/create */
export default function TransactionCreatePage() {
  const navigate = useNavigate();
  const save = useSaveTransaction(null);
  const backTo = listPathFrom(useLocation().state);
  const tax = useTaxSettings();
  const settings = tax.data ?? DEFAULT_TAX_SETTINGS;
  return (
    <>
      <PageHeader title="受注取引の登録" description="* は必須項目です。保存すると売上の仕訳が自動で登録されます。" />
      {tax.isPending ? (
        <Stack gap="lg" aria-busy>
          <Skeleton height={180} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : (
        <TransactionForm
          defaultValues={toFormValues(null, settings.tax_display)}
          rounding={settings.tax_rounding}
          backTo={backTo}
          submitLabel="登録する"
          onSubmit={async (values) => {
            await save.mutateAsync(values);
            notifySuccess('受注取引を登録しました');
            navigate(backTo);
          }}
        />
      )}
    </>
  );
}
