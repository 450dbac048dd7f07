import { BANK_IMPORT_STATUSES, type BankRow, type BankRuleOffer, formatJPY } from '@chobo/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useConfirmRows, useCreateRule, useImportDetail, useRevertImport } from './api';

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
  const create = useCreateRule();
  if (offers.length === 0) return null;
  return (
    <Alert color="blue" title="同じ内容の明細を2回同じように確定しました。ルールとして保存しますか？">
      <Stack gap="xs">
        {offers.map((o) => (
          <Group key={o.description_contains} justify="space-between">
            <Text size="sm">
              摘要に「{o.description_contains}」を含む{o.direction === 'in' ? '入金' : '出金'}
            </Text>
            <Button
              size="xs"
              loading={create.isPending}
              onClick={async () => {
                await create.mutateAsync({
                  name: o.name,
                  description_contains: o.description_contains,
                  direction: o.direction,
                  account_id: o.account_id,
                  tax_category: o.tax_category as 'none',
                  customer_id: o.customer_id,
                });
                notifySuccess('自動仕訳ルールを保存しました');
                onDone(o);
              }}
            >
              ルールとして保存
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

export default function BankStatementDetailPage() {
  const id = Number(useParams().id);
  const [status, setStatus] = useState<string>('unconfirmed');
  const [keyword, setKeyword] = useState('');
  const [page] = useState(1);
  const detail = useImportDetail(id, { page, status: status === 'all' ? null : status, keyword });
  const confirm = useConfirmRows(id);
  const revert = useRevertImport(id);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [offers, setOffers] = useState<BankRuleOffer[]>([]);
  const [failed, setFailed] = useState<{ id: number; message: string }[]>([]);
  const [askRevert, setAskRevert] = useState(false);
  const d = detail.data;
  const rows = d?.rows ?? [];
  const selectable = rows.filter((r) => r.status === 'unconfirmed' && r.suggestion);
  const toggle = (rid: number) => {
    const next = new Set(selected);
    if (next.has(rid)) next.delete(rid);
    else next.add(rid);
    setSelected(next);
  };

  const runConfirm = async () => {
    try {
      const res = await confirm.mutateAsync({ rows: [...selected].map((rid) => ({ id: rid })) });
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
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <SegmentedControl
              value={status}
              onChange={(v) => {
                setStatus(v);
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
              onChange={(e) => setKeyword(e.currentTarget.value)}
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
                          disabled={!r.suggestion}
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
                      <Suggestion row={r} />
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
            <Text size="xs" c="dimmed">
              {d.rows_meta.total}件中 先頭{d.rows_meta.per_page}件を表示しています（検索で絞り込めます）
            </Text>
          )}
        </Stack>
      </Card>
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
