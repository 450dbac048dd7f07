import { formatDateJa } from '@chobo/core';
import { Button, Paper, Skeleton } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { useRecordVersion } from '../../lib/conflict';
import { notifySuccess } from '../../lib/notify';
import { useProduct, useSaveProduct } from './api';
import { productListPathFrom } from './ProductCreatePage';
import { ProductForm, toProductFormValues } from './ProductForm';

/** /company/products/edit?id=N */
export default function ProductEditPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const navigate = useNavigate();
  const product = useProduct(id);
  const save = useSaveProduct(id);
  const backTo = productListPathFrom(useLocation().state);
  const version = useRecordVersion(product.data, async () => (await product.refetch()).data);

  if (id === null || product.isError) {
    return (
      <>
        <PageHeader title="商品の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="商品が見つかりません"
            description="削除されたか、URLが正しくない可能性があります。"
            action={
              <Button component={Link} to={backTo} variant="light">
                商品一覧に戻る
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (!product.data) {
    return (
      <>
        <PageHeader title="商品の編集" />
        <Skeleton height={320} radius="md" />
      </>
    );
  }
  const record = product.data;
  return (
    <>
      <PageHeader title="商品の編集" description={`${record.code}　更新日 ${formatDateJa(record.updated_at)}`} />
      {version.alert}
      <ProductForm
        key={`${record.id}:${version.generation}`}
        defaultValues={toProductFormValues(record)}
        backTo={backTo}
        submitLabel="更新する"
        onSubmit={async (values) => {
          const saved = await version.save((updated_at) => save.mutateAsync({ ...values, updated_at }));
          if (!saved) return;
          notifySuccess('商品を更新しました');
          navigate(backTo);
        }}
      />
    </>
  );
}
