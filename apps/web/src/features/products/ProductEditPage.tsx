import { formatDateJa } from '@chobo/core';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage, useRecordId } from '../../components/record-page/RecordPage';
import { notifySuccess } from '../../lib/notify';
import { useProduct, useSaveProduct } from './api';
import { productListPathFrom } from './ProductCreatePage';
import { ProductForm, toProductFormValues } from './ProductForm';

/** /company/products/edit?id=N */
export default function ProductEditPage() {
  const id = useRecordId();
  const navigate = useNavigate();
  const product = useProduct(id);
  const save = useSaveProduct(id);
  const backTo = productListPathFrom(useLocation().state);

  return (
    <RecordPage
      title="商品の編集"
      noun="商品"
      id={id}
      query={product}
      anyErrorIsMissing
      back={{ to: backTo, label: '商品一覧に戻る' }}
      skeleton={[320]}
    >
      {(record, version) => (
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
      )}
    </RecordPage>
  );
}
