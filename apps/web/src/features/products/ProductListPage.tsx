import { formatJPY, PRODUCT_SORTABLE, type Product, TAX_CATEGORY_LABELS } from '@chobo/core';
import { ActionIcon, Badge, Box, Button, Group, Menu, Paper, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconDownload, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { KeywordSearchInput } from '../../components/KeywordSearchInput';
import { ListErrorState } from '../../components/ListErrorState';
import { ListFooter } from '../../components/ListFooter';
import { ListSkeletonRows } from '../../components/ListSkeletonRows';
import { PageHeader } from '../../components/PageHeader';
import { SortableTh } from '../../components/SortableTh';
import { errorMessage } from '../../lib/api';
import { useLoadingFlag } from '../../lib/loading';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { downloadProductsCsv, type ProductListParams, useDeleteProduct, useProductList } from './api';
import { ProductUploadDialog } from './ProductUploadDialog';

const TAX_COLORS: Record<string, string> = { '10': 'primary', '8': 'secondary', exempt: 'gray', out_of_scope: 'gray' };
export const productEditPath = (id: number) => `/company/products/edit?id=${id}`;

/** /company/products: list, search, CSV download (UTF-8 / Shift_JIS) and upload. */
export default function ProductListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListParams(PRODUCT_SORTABLE);
  const [keywordInput, setKeywordInput] = useKeywordInput(list);

  const params: ProductListParams = {
    keyword: list.keyword,
    page: list.page,
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
  };
  const query = useProductList(params);
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const setPage = list.setPage;
  useEffect(() => {
    if (meta && meta.total > 0 && list.page > meta.last_page) setPage(meta.last_page);
  }, [meta, list.page, setPage]);

  const [uploadOpen, setUploadOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const download = async (encoding: 'utf8' | 'sjis') => {
    setDownloading(true);
    try {
      await downloadProductsCsv(list.keyword, encoding);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setDownloading(false);
    }
  };

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

  const sortProps = (column: (typeof PRODUCT_SORTABLE)[number]) => ({
    sorted: list.sortBy === column,
    dir: list.sortBy === column ? list.sortDir : null,
    onSort: () => list.toggleSort(column),
  });
  const open = (product: Product) => navigate(productEditPath(product.id), { state: { listSearch: location.search } });

  return (
    <>
      <PageHeader
        title="商品一覧"
        description="請求書や取引で使う商品・サービスを登録します。CSVでまとめて登録・更新できます。"
        actions={
          <Group gap="xs">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={downloading}
                >
                  CSVダウンロード
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>文字コード</Menu.Label>
                <Menu.Item onClick={() => void download('utf8')}>UTF-8（BOM付き・推奨）</Menu.Item>
                <Menu.Item onClick={() => void download('sjis')}>Shift_JIS（古いExcel向け）</Menu.Item>
              </Menu.Dropdown>
            </Menu>
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
      <Paper withBorder radius="md">
        <Group p="md">
          <KeywordSearchInput
            placeholder="商品コード・商品名・単位・説明で検索"
            value={keywordInput}
            onChange={setKeywordInput}
          />
        </Group>
        <Table.ScrollContainer minWidth={820}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="商品一覧" aria-busy={query.isFetching}>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <SortableTh {...sortProps('code')} w={140}>
                  商品コード
                </SortableTh>
                <SortableTh {...sortProps('name')}>商品名</SortableTh>
                <Table.Th w={80}>単位</Table.Th>
                <SortableTh {...sortProps('unit_price')} w={130}>
                  単価
                </SortableTh>
                <SortableTh {...sortProps('tax_category')} w={120}>
                  税区分
                </SortableTh>
                <Table.Th w={80}>状態</Table.Th>
                <Table.Th w={56}>
                  <Box component="span" style={{ position: 'absolute', left: -9999 }}>
                    操作
                  </Box>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending && <ListSkeletonRows rows={5} cells={7} radius="sm" />}
              {rows.map((p) => (
                <Table.Tr
                  key={p.id}
                  data-testid="product-row"
                  tabIndex={0}
                  onClick={() => open(p)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && e.target === e.currentTarget) open(p);
                  }}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {p.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {p.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.unit ?? ''}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatJPY(p.unit_price)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={TAX_COLORS[p.tax_category] ?? 'gray'}>
                      {TAX_CATEGORY_LABELS[p.tax_category]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {p.is_active ? (
                      <Text size="sm">有効</Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        無効
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="削除" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="danger"
                        aria-label={`${p.name}を削除`}
                        onClick={(e) => {
                          e.stopPropagation();
                          confirmDelete(p);
                        }}
                        onKeyDown={(e) => e.stopPropagation()}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {query.isSuccess && rows.length === 0 && !query.isPlaceholderData && (
          <EmptyBlock
            title={list.keyword ? '条件に一致する商品が見つかりません' : '商品が登録されていません'}
            description={
              list.keyword
                ? '検索キーワードを変えてお試しください。'
                : '商品を1件ずつ登録するか、CSVでまとめて登録できます。'
            }
            action={
              list.keyword ? (
                <Button variant="light" onClick={() => setKeywordInput('')}>
                  条件をクリア
                </Button>
              ) : (
                <Button component={Link} to="/company/products/create" leftSection={<IconPlus size={16} />}>
                  商品を登録する
                </Button>
              )
            }
          />
        )}
        {query.isError && !query.data && (
          <ListErrorState message={query.error.message} onRetry={() => void query.refetch()} />
        )}
        {meta && rows.length > 0 && <ListFooter meta={meta} onPage={list.setPage} />}
      </Paper>
    </>
  );
}
