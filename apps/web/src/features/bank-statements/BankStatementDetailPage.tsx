import {
  BANK_IMPORT_STATUSES,
  type BankRow,
  type BankRuleOffer,
  formatJPY,
  isPermitted,
  JOURNAL_TAX_CATEGORIES,
} from '@chobo/core';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  Pagination,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCash, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { usePermissions } from '../../lib/session';
import { AccountSelect } from '../accounting/AccountSelect';
import { useAccounts } from '../accounting/api';
import { useConfirmRows, useEditRow, useImportDetail, useRevertImport } from './api';
import { RuleModal } from './RulesCard';

function Suggestion({ row }: { row: BankRow }) {
  const s = row.suggestion;
  if (row.status === 'confirmed') {
    return (
      <Anchor component={Link} to="/company/accountings_bk" size="sm">
        仕訳 No.{row.journal_entry_number}
      </Anchor>
    );
  }
  if (row.status === 'ignored') return <Badge color="gray">対象外</Badge>;
  if (row.edit) {
    return (
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap">
          <Badge color="blue" variant="light">
            変更
          </Badge>
          <Text size="sm" fw={500}>
            {row.edit.account_name}（{JOURNAL_TAX_CATEGORIES[row.edit.tax_category as 'none'] ?? row.edit.tax_category}
            ）
          </Text>
        </Group>
        {row.edit.description && <Text size="xs">摘要: {row.edit.description}</Text>}
      </Stack>
    );
  }
  if (!s)
    return (
      <Text size="sm" c="dimmed">
        候補なし
      </Text>
    );
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Badge color={s.kind === 'rule' ? 'grape' : s.score >= 80 ? 'teal' : 'yellow'} variant="light">
          {s.kind === 'rule' ? 'ルール' : '照合'} {s.score}点
        </Badge>
        <Text size="sm" fw={500}>
          {s.account_name}
          {s.customer_name ? `／${s.customer_name}` : ''}
        </Text>
      </Group>
      {s.fee > 0 && <Text size="xs">振込手数料 {formatJPY(s.fee)} を支払手数料に計上</Text>}
      {s.splits.map((x) => (
        <Text size="xs" key={`${x.account_id}-${x.amount}`}>
          分割: {x.description ?? ''} {formatJPY(x.amount)}
        </Text>
      ))}
      <List size="xs" c="dimmed" spacing={0}>
        {s.reasons.map((r) => (
          <List.Item key={r}>{r}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function RuleOffers({ offers, onDone }: { offers: BankRuleOffer[]; onDone: (o: BankRuleOffer) => void }) {
  const [open, setOpen] = useState<BankRuleOffer | null>(null);
  if (offers.length === 0) return null;
  return (
    <Alert color="blue" title="同じ内容の明細を2回同じように確定しました。ルールとして保存しますか？">
      <Stack gap="xs">
        {offers.map((o) => (
          <Group key={o.description_contains} justify="space-between">
            <Text size="sm">
              摘要に「{o.description_contains}」を含む{o.direction === 'in' ? '入金' : '出金'}
            </Text>
            <Button size="xs" onClick={() => setOpen(o)}>
              ルールとして保存
            </Button>
          </Group>
        ))}
      </Stack>
      <RuleModal
        opened={open !== null}
        rule={null}
        initial={
          open
            ? {
                name: open.name,
                description_contains: open.description_contains,
                direction: open.direction,
                account_id: open.account_id,
                tax_category: open.tax_category,
                customer_id: open.customer_id,
              }
            : undefined
        }
        onClose={() => {
          if (open) onDone(open);
          setOpen(null);
        }}
      />
    </Alert>
  );
}

const TAX_OPTIONS = Object.entries(JOURNAL_TAX_CATEGORIES).map(([value, label]) => ({ value, label }));

/** Change a row's 勘定科目 / 税区分 / 摘要 before confirming (saved on the row; 409 when someone else changed it). */
function RowEditModal({ importId, row, onClose }: { importId: number; row: BankRow | null; onClose: () => void }) {
  const accounts = useAccounts();
  const edit = useEditRow(importId);
  const base = row?.edit ?? null;
  const [accountId, setAccountId] = useState<number | null>(base?.account_id ?? row?.suggestion?.account_id ?? null);
  const [tax, setTax] = useState<string>(base?.tax_category ?? row?.suggestion?.tax_category ?? 'none');
  const [description, setDescription] = useState(
    base?.description ?? row?.suggestion?.description ?? row?.description ?? '',
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  if (!row) return null;
  const save = async (reset = false) => {
    setErrors({});
    if (!reset && !accountId) {
      setErrors({ account_id: ['勘定科目を選択してください'] });
      return;
    }
    try {
      await edit.mutateAsync({
        rowId: row.id,
        updated_at: row.updated_at,
        account_id: reset ? null : accountId,
        tax_category: tax as 'none',
        description: reset ? null : description,
      });
      notifySuccess(reset ? '候補に戻しました' : '勘定科目を変更しました');
      onClose();
    } catch (e) {
      const fe = isApiError(e) && e.status === 422 ? e.errors : {};
      setErrors(Object.keys(fe).length ? fe : { _: [errorMessage(e)] });
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {row.date}　{row.description}　{row.direction === 'in' ? '入金' : '出金'} {formatJPY(row.amount)}
      </Text>
      <AccountSelect
        label="勘定科目"
        withAsterisk
        accounts={accounts.data ?? []}
        value={accountId}
        onChange={(a) => {
          setAccountId(a);
          // the account's usual 税区分, as the journal form does
          const t = accounts.data?.find((x) => x.id === a)?.default_tax_category;
          if (t) setTax(t);
        }}
        error={errors.account_id?.[0]}
        data-autofocus
      />
      <Select
        label="税区分"
        data={TAX_OPTIONS}
        value={tax}
        onChange={(t) => setTax(t ?? 'none')}
        allowDeselect={false}
        error={errors.tax_category?.[0]}
      />
      <TextInput
        label="摘要"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description?.[0]}
      />
      {errors._ && <Alert color="red">{errors._[0]}</Alert>}
      <Group justify="flex-end">
        {row.edit && (
          <Button variant="subtle" onClick={() => void save(true)} loading={edit.isPending}>
            候補に戻す
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          キャンセル
        </Button>
        <Button onClick={() => void save()} loading={edit.isPending}>
          変更を保存
        </Button>
      </Group>
    </Stack>
  );
}

/** 入出金管理's form, pre-filled from a statement row (the payment it records confirms the row). */
function paymentFromRow(r: BankRow, bankAccountId: number): string {
  const q = new URLSearchParams({
    direction: r.direction,
    date: r.date,
    amount: String(r.amount),
    bank_account_id: String(bankAccountId),
    memo: `銀行明細: ${r.description}`,
    bank_statement_row_id: String(r.id),
  });
  return `/company/payment_management/create?${q}`;
}

/** A large file being stored by its job (the page polls): rows done of the file's rows. */
function ImportProgress({ processed, total }: { processed: number; total: number }) {
  const pct = total ? Math.floor((100 * processed) / total) : 0;
  return (
    <Card withBorder>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={500}>取り込み中…</Text>
          <Text size="sm" data-testid="import-progress">
            {processed.toLocaleString()} / {total.toLocaleString()}件（{pct}%）
          </Text>
        </Group>
        <Progress value={pct} animated size="lg" aria-label={`取り込みの進み具合 ${pct}%`} />
        <Text size="xs" c="dimmed">
          取り込みが終わるまで、この取り込みの明細は一覧や集計に表示されません。ほかの画面はそのまま使えます。
        </Text>
      </Stack>
    </Card>
  );
}

export default function BankStatementDetailPage() {
  const id = Number(useParams().id);
  const [status, setStatus] = useState<string>('unconfirmed');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BankRow | null>(null);
  const detail = useImportDetail(id, { page, status: status === 'all' ? null : status, keyword });
  const confirm = useConfirmRows(id);
  const revert = useRevertImport(id);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [offers, setOffers] = useState<BankRuleOffer[]>([]);
  const [failed, setFailed] = useState<{ id: number; message: string }[]>([]);
  const [askRevert, setAskRevert] = useState(false);
  const d = detail.data;
  const canPay = isPermitted('payment-management.index', usePermissions());
  const rows = d?.rows ?? [];
  const selectable = rows.filter((r) => r.status === 'unconfirmed' && (r.suggestion || r.edit));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const toggle = (rid: number) => {
    const next = new Set(selected);
    if (next.has(rid)) next.delete(rid);
    else next.add(rid);
    setSelected(next);
  };

  const runConfirm = async () => {
    try {
      // a row the person changed is confirmed with their 勘定科目 / 税区分 / 摘要
      const res = await confirm.mutateAsync({
        rows: [...selected].map((rid) => {
          const e = byId.get(rid)?.edit;
          return e
            ? {
                id: rid,
                account_id: e.account_id,
                tax_category: e.tax_category as 'none',
                ...(e.description ? { description: e.description } : {}),
              }
            : { id: rid };
        }),
      });
      setSelected(new Set());
      setFailed(res.failed);
      setOffers(res.rule_offers);
      if (res.confirmed.length) notifySuccess(`${res.confirmed.length}件の明細を確定し、仕訳を登録しました`);
    } catch (e) {
      setFailed([{ id: 0, message: errorMessage(e) }]);
    }
  };

  if (detail.isError) {
    return (
      <Stack>
        <PageHeader title="取り込んだ取引明細" />
        <Alert color="red">{errorMessage(detail.error)}</Alert>
      </Stack>
    );
  }
  const bc = d?.balance_check;
  return (
    <Stack gap="lg">
      <PageHeader
        title="取り込んだ取引明細"
        actions={
          <Group>
            <Button
              component={Link}
              to="/company/bank_statement"
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              一覧へ
            </Button>
            {d && d.status === 'imported' && (
              <Button color="red" variant="light" onClick={() => setAskRevert(true)}>
                取り込みを取り消す
              </Button>
            )}
          </Group>
        }
      />
      {d && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Card withBorder>
            <Text size="xs" c="dimmed">
              銀行口座
            </Text>
            <Text fw={500}>{d.bank_account_label}</Text>
            <Text size="xs">
              {d.format_label}・{d.file_name}
            </Text>
          </Card>
          <Card withBorder>
            <Text size="xs" c="dimmed">
              期間
            </Text>
            <Text fw={500}>
              {d.period_from}〜{d.period_to}
            </Text>
            <Badge mt={4}>{BANK_IMPORT_STATUSES[d.status]}</Badge>
          </Card>
          <Card withBorder>
            <Text size="xs" c="dimmed">
              明細
            </Text>
            <Text fw={500}>
              {d.imported_rows}件（確定 {d.confirmed_rows}件）
            </Text>
            {d.skipped_rows > 0 && <Text size="xs">重複のため除外 {d.skipped_rows}件</Text>}
          </Card>
          <Card withBorder data-testid="balance-check">
            <Text size="xs" c="dimmed">
              残高の照合（{bc?.date ?? ''} 時点）
            </Text>
            <Text size="sm">
              明細の残高 {bc?.statement_balance === null ? '—' : formatJPY(bc?.statement_balance ?? 0)}
            </Text>
            <Text size="sm">
              帳簿（{bc?.account_name ?? '勘定科目未設定'}）{' '}
              {bc?.book_balance === null ? '—' : formatJPY(bc?.book_balance ?? 0)}
            </Text>
            {bc?.difference !== null && bc?.difference !== undefined && (
              <Text size="sm" fw={700} c={bc.difference === 0 ? 'teal' : 'red'}>
                {bc.difference === 0 ? '一致しています' : `差額 ${formatJPY(bc.difference)}`}
              </Text>
            )}
          </Card>
        </SimpleGrid>
      )}
      {d?.status === 'processing' && <ImportProgress processed={d.processed_rows} total={d.total_rows} />}
      {d?.status === 'failed' && d.error && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={16} />}
          title="取り込めませんでした（明細は1件も保存されていません）"
        >
          {d.error}
        </Alert>
      )}
      <RuleOffers offers={offers} onDone={(o) => setOffers(offers.filter((x) => x !== o))} />
      {failed.length > 0 && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="確定できなかった明細があります">
          {failed.map((f) => (
            <Text size="sm" key={f.id}>
              {f.message}
            </Text>
          ))}
        </Alert>
      )}
      {d?.status !== 'processing' && (
        <Card withBorder>
          <Stack gap="sm">
            <Group justify="space-between">
              <SegmentedControl
                value={status}
                onChange={(v) => {
                  setStatus(v);
                  setPage(1);
                  setSelected(new Set());
                }}
                data={[
                  { value: 'unconfirmed', label: '未確定' },
                  { value: 'confirmed', label: '確定済' },
                  { value: 'all', label: 'すべて' },
                ]}
              />
              <TextInput
                placeholder="摘要で検索（半角・全角カナどちらでも）"
                value={keyword}
                onChange={(e) => {
                  setKeyword(e.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', sm: 320 }}
              />
            </Group>
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => setSelected(new Set(selectable.map((r) => r.id)))}
                disabled={selectable.length === 0}
              >
                候補のある明細をすべて選択
              </Button>
              <Button onClick={runConfirm} disabled={selected.size === 0} loading={confirm.isPending}>
                選択した{selected.size}件を確定
              </Button>
            </Group>
            <ScrollArea>
              <Table striped miw={900} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={32} />
                    <Table.Th>日付</Table.Th>
                    <Table.Th>摘要</Table.Th>
                    <Table.Th ta="right">入金</Table.Th>
                    <Table.Th ta="right">出金</Table.Th>
                    <Table.Th ta="right">残高</Table.Th>
                    <Table.Th>仕訳の候補</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.id} data-testid={`row-${r.line_no}`}>
                      <Table.Td>
                        {r.status === 'unconfirmed' && (
                          <Checkbox
                            aria-label={`${r.date} ${r.description} を選択`}
                            checked={selected.has(r.id)}
                            disabled={!r.suggestion && !r.edit}
                            onChange={() => toggle(r.id)}
                          />
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.date}</Table.Td>
                      <Table.Td>{r.description}</Table.Td>
                      <Table.Td ta="right">{r.direction === 'in' ? formatJPY(r.amount) : ''}</Table.Td>
                      <Table.Td ta="right">{r.direction === 'out' ? formatJPY(r.amount) : ''}</Table.Td>
                      <Table.Td ta="right">{r.balance === null ? '' : formatJPY(r.balance)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
                          <Suggestion row={r} />
                          {r.status === 'unconfirmed' && (
                            <Group gap={0} wrap="nowrap">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`${r.date} ${r.description} の勘定科目を変更`}
                                onClick={() => setEditing(r)}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                              {canPay && d && (
                                <Tooltip label={r.direction === 'in' ? '入金として登録' : '支払として登録'}>
                                  <ActionIcon
                                    variant="subtle"
                                    component={Link}
                                    to={paymentFromRow(r, d.bank_account_id)}
                                    aria-label={`${r.date} ${r.description} を${r.direction === 'in' ? '入金' : '支払'}として登録`}
                                  >
                                    <IconCash size={16} />
                                  </ActionIcon>
                                </Tooltip>
                              )}
                            </Group>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {detail.isSuccess && rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text c="dimmed" ta="center" py="md">
                          該当する明細はありません
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            {d && d.rows_meta.total > d.rows_meta.per_page && (
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  {d.rows_meta.total}件中 {(d.rows_meta.page - 1) * d.rows_meta.per_page + 1}〜
                  {Math.min(d.rows_meta.page * d.rows_meta.per_page, d.rows_meta.total)}件
                </Text>
                <Pagination
                  total={Math.ceil(d.rows_meta.total / d.rows_meta.per_page)}
                  value={page}
                  onChange={(p) => {
                    setPage(p);
                    setSelected(new Set());
                  }}
                  size="sm"
                  siblings={1}
                  getControlProps={(c) => ({
                    'aria-label': c === 'next' ? '次のページ' : c === 'previous' ? '前のページ' : c,
                  })}
                />
              </Group>
            )}
          </Stack>
        </Card>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="明細の勘定科目の変更">
        {editing && <RowEditModal key={editing.id} importId={id} row={editing} onClose={() => setEditing(null)} />}
      </Modal>
      <Modal opened={askRevert} onClose={() => setAskRevert(false)} title="取り込みの取り消し">
        <Stack>
          <Text size="sm">
            この取り込みの明細と、明細から作成した仕訳を削除します（締めた期間の仕訳は逆仕訳を登録します）。よろしいですか？
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAskRevert(false)}>
              キャンセル
            </Button>
            <Button
              color="red"
              loading={revert.isPending}
              onClick={async () => {
                try {
                  const r = await revert.mutateAsync();
                  notifySuccess(`明細${r.removed_rows}件と仕訳${r.withdrawn_entries}件を取り消しました`);
                } catch (e) {
                  setFailed([{ id: 0, message: errorMessage(e) }]);
                }
                setAskRevert(false);
              }}
            >
              取り消す
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
