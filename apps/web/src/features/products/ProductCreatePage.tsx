import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { notifySuccess } from '../../lib/notify';
import { useSaveProduct } from './api';
import { ProductForm, toProductFormValues } from './ProductForm';

export function productListPathFrom(state: unknown): string {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? `/company/products${search}` : '/company/products';
}

/** /company/products/create */
export default function ProductCreatePage() {
  const navigate = useNavigate();
  const save = useSaveProduct(null);
  const backTo = productListPathFrom(useLocation().state);
  return (
    <>
      <PageHeader title="商品の登録" description="* は必須項目です。" />
      <ProductForm
        defaultValues={toProductFormValues()}
        backTo={backTo}
        submitLabel="登録する"
        onSubmit={async (values) => {
          await save.mutateAsync(values);
          notifySuccess('商品を登録しました');
          navigate(backTo);
        }}
      />
    </>
  );
}
