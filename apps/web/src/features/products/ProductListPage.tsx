import { formatJPY, PRODUCT_SORTABLE, type Product, TAX_CATEGORY_LABELS } from '@chobo/core';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { type ColumnSpec, CsvDownloadMenu, cell, ResourceList } from '../../components/resource-list';
import { notifySuccess } from '../../lib/notify';
import { downloadProductsCsv, useDeleteProduct, useProductList } from './api';
import { ProductUploadDialog } from './ProductUploadDialog';

const TAX_COLORS: Record<string, string> = { '10': 'primary', '8': 'secondary', exempt: 'gray', out_of_scope: 'gray' };
export const productEditPath = (id: number) => `/company/products/edit?id=${id}`;

const COLUMNS: ColumnSpec<Product>[] = [
  {
    label: '商品コード',
    sort: 'code',
    w: 140,
    render: (p) => cell(p.code, { ff: 'monospace' }),
  },
  {
    label: '商品名',
    sort: 'name',
    render: (p) => cell(p.name, { fw: 600, lineClamp: 2 }),
  },
  { label: '単位', w: 80, render: (p) => cell(p.unit ?? '') },
  {
    label: '単価',
    sort: 'unit_price',
    w: 130,
    align: 'right',
    render: (p) => cell(formatJPY(p.unit_price)),
  },
  {
    label: '税区分',
    sort: 'tax_category',
    w: 120,
    render: (p) => (
      <Badge variant="light" radius="sm" color={TAX_COLORS[p.tax_category] ?? 'gray'}>
        {TAX_CATEGORY_LABELS[p.tax_category]}
      </Badge>
    ),
  },
  {
    label: '状態',
    w: 80,
    render: (p) => cell(p.is_active ? '有効' : '無効', { c: p.is_active ? undefined : 'dimmed' }),
  },
];

/** /company/products: list, search, CSV download (UTF-8 / Shift_JIS) and upload. */
export default function ProductListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [uploadOpen, setUploadOpen] = useState(false);
  const remove = useDeleteProduct();
  const confirmDelete = (product: Product) =>
    modals.openConfirmModal({
      title: '商品の削除',
      children: <Text size="sm">「{product.name}」を削除しますか？</Text>,
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'danger' },
      onConfirm: () =>
        remove.mutate(product.id, { onSuccess: () => notifySuccess(`「${product.name}」を削除しました`) }),
    });
  const actions: ColumnSpec<Product> = {
    label: '操作',
    hideLabel: true,
    w: 56,
    actions: true,
    render: (p) => (
      <Tooltip label="削除" withArrow>
        <ActionIcon variant="subtle" color="danger" aria-label={`${p.name}を削除`} onClick={() => confirmDelete(p)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    ),
  };

  return (
    <ResourceList<Product>
      label="商品一覧"
      useData={useProductList}
      sortable={PRODUCT_SORTABLE}
      columns={[...COLUMNS, actions]}
      rowTestId="product-row"
      search={{ placeholder: '商品コード・商品名・単位・説明で検索' }}
      onOpen={(p) => navigate(productEditPath(p.id), { state: { listSearch: location.search } })}
      empty={{
        title: '商品が登録されていません',
        description: '商品を1件ずつ登録するか、CSVでまとめて登録できます。',
        action: (
          <Button component={Link} to="/company/products/create" leftSection={<IconPlus size={16} />}>
            商品を登録する
          </Button>
        ),
      }}
      emptyFiltered={{
        title: '条件に一致する商品が見つかりません',
        description: '検索キーワードを変えてお試しください。',
        clearAction: true,
      }}
      above={(state) => (
        <>
          <PageHeader
            title="商品一覧"
            description="請求書や取引で使う商品・サービスを登録します。CSVでまとめて登録・更新できます。"
            actions={
              <Group gap="xs">
                <CsvDownloadMenu download={(encoding) => downloadProductsCsv(state.params.keyword, encoding)} />
                <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setUploadOpen(true)}>
                  CSVアップロード
                </Button>
                <Button
                  component={Link}
                  to="/company/products/create"
                  state={{ listSearch: location.search }}
                  leftSection={<IconPlus size={16} />}
                >
                  新規登録
                </Button>
              </Group>
            }
          />
          <ProductUploadDialog opened={uploadOpen} onClose={() => setUploadOpen(false)} />
        </>
      )}
    />
  );
}
