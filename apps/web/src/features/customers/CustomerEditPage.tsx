import { formatDateJa } from '@chobo/core';
import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { useRecordVersion } from '../../lib/conflict';
import { notifySuccess } from '../../lib/notify';
import { useCustomer, useUpdateCustomer } from './api';
import { CustomerForm } from './CustomerForm';
import { listPathFrom, rememberSelectedCustomer, toFormValues } from './form-values';

function parseId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /company/customers/edit?id=N (docs/product/SPEC.md.md lists /edit without an id segment; the id is in the query). */
export default function CustomerEditPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const navigate = useNavigate();
  const customer = useCustomer(id);
  const update = useUpdateCustomer(id ?? 0);
  const backTo = listPathFrom(useLocation().state);
  // The version the form was filled from; a save made after someone else's is refused (409), not merged.
  const version = useRecordVersion(customer.data, async () => (await customer.refetch()).data);

  useEffect(() => {
    if (id !== null) rememberSelectedCustomer(id);
  }, [id]);

  const missing =
    id === null ||
    (customer.isError && customer.error instanceof ApiError && [404, 422].includes(customer.error.status));
  if (missing) {
    return (
      <>
        <PageHeader title="顧客の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="顧客が見つかりません"
            description="削除されたか、URLが正しくない可能性があります。"
            action={
              <Button component={Link} to={backTo} variant="light">
                顧客一覧に戻る
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (customer.isError) {
    return (
      <>
        <PageHeader title="顧客の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="顧客を読み込めませんでした"
            description={customer.error.message}
            action={
              <Button variant="light" onClick={() => void customer.refetch()}>
                再読み込み
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (!customer.data) {
    return (
      <>
        <PageHeader title="顧客の編集" />
        <Stack gap="lg" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={160} radius="md" />
          ))}
        </Stack>
      </>
    );
  }

  const record = customer.data;
  return (
    <>
      <PageHeader
        title="顧客の編集"
        description={`${record.name}　登録日 ${formatDateJa(record.created_at)}・更新日 ${formatDateJa(record.updated_at)}`}
      />
      {version.alert}
      <CustomerForm
        key={`${record.id}:${version.generation}`}
        defaultValues={toFormValues(record)}
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
  );
}
