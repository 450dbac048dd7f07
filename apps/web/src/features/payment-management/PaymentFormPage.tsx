import {
  type CompanyBankAccount,
  FEE_BEARERS,
  formatDateJa,
  formatJPY,
  type OpenItem,
  PAYMENT_METHODS,
  type Payment,
  type PaymentInput,
  paymentFigures,
  todayInTokyo,
} from '@chobo/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBook2, IconTrash, IconWand } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, api, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeletePayment, useOpenItems, usePayment, useSavePayment, useShortPayment } from './api';
import { CounterpartySelect } from './CounterpartySelect';

const LIST = '/company/payment_management';
type Key = string;
const keyOf = (it: { kind: string; id: number }): Key => `${it.kind}:${it.id}`;

interface FormState {
  direction: 'in' | 'out';
  date: string;
  customer_id: number | null;
  customer_name: string | null;
  amount: number;
  method: string;
  fee: number;
  fee_bearer: 'us' | 'them';
  bank_account_id: string | null;
  memo: string;
  /** the bank statement row this payment records (opened from the row on 取り込んだ取引明細) */
  bank_statement_row_id: number | null;
  /** allocation amount per open document */
  alloc: Record<Key, number>;
}

function fromPayment(p: Payment): FormState {
  const alloc: Record<Key, number> = {};
  for (const a of p.allocations) {
    const kind = a.invoice_id !== null ? 'invoice' : a.transaction_id !== null ? 'transaction' : 'transaction_document';
    alloc[`${kind}:${a.invoice_id ?? a.transaction_id ?? a.transaction_document_id}`] = a.amount;
  }
  return {
    direction: p.direction,
    date: p.date,
    customer_id: p.customer_id,
    customer_name: p.customer_name,
    amount: p.amount,
    method: String(p.method),
    fee: p.fee,
    fee_bearer: p.fee_bearer,
    bank_account_id: p.bank_account_id === null ? null : String(p.bank_account_id),
    memo: p.memo ?? '',
    bank_statement_row_id: p.bank_statement_row_id ?? null,
    alloc,
  };
}

/** The company's bank accounts (/api/company/bank-accounts) as select options, by bank_accounts.id. */
function useBankOptions() {
  const q = useQuery({
    queryKey: ['bank-accounts'],
    queryFn: () =>
      api.get<{ data: CompanyBankAccount[] }>('/api/company/bank-accounts', { progress: false }).then((r) => r.data),
    meta: { silent: true },
    retry: false,
  });
  return (q.data ?? []).map((b) => ({
    value: String(b.id),
    label: [b.bank_name, b.branch_name, b.account_type, b.account_number].filter(Boolean).join(' '),
  }));
}

/** The form: counterparty, its open documents with remaining amounts, allocation (oldest first), fee. */
function PaymentForm({ payment, initial }: { payment: Payment | null; initial: FormState }) {
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [s, setS] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [version, setVersion] = useState(payment?.updated_at ?? null);
  const [conflict, setConflict] = useState<string | null>(null);
  const save = useSavePayment(payment?.id ?? null);
  const short = useShortPayment(payment?.id ?? 0);
  const remove = useDeletePayment();
  const open = useOpenItems(s.direction, s.customer_id, payment?.id ?? null);
  const banks = useBankOptions();
  const items: OpenItem[] = s.customer_id === null ? [] : (open.data?.items ?? []);
  const set = (patch: Partial<FormState>) => setS((prev) => ({ ...prev, ...patch }));
  const allocations = items
    .filter((it) => (s.alloc[keyOf(it)] ?? 0) > 0)
    .map((it) => ({ key: keyOf(it), it, amount: s.alloc[keyOf(it)] }));
  const figures = paymentFigures({ ...s, allocations });
  const suggested = open.data?.suggested_fee ?? null;

  const autoAllocate = (settled = figures.settled) => {
    let left = settled;
    const alloc: Record<Key, number> = {};
    for (const it of items) {
      if (left <= 0) break;
      const a = Math.min(left, it.remaining);
      alloc[keyOf(it)] = a;
      left -= a;
    }
    set({ alloc });
  };
  const toggle = (it: OpenItem, on: boolean) => {
    const others = allocations.filter((a) => a.key !== keyOf(it)).reduce((t, a) => t + a.amount, 0);
    const room = Math.max(0, figures.settled - others);
    set({ alloc: { ...s.alloc, [keyOf(it)]: on ? Math.min(it.remaining, room || it.remaining) : 0 } });
  };

  const body = (): PaymentInput => ({
    direction: s.direction,
    date: s.date,
    customer_id: s.customer_id ?? '',
    amount: s.amount,
    method: Number(s.method),
    fee: s.fee,
    fee_bearer: s.fee_bearer,
    bank_account_id: s.bank_account_id ? Number(s.bank_account_id) : null,
    memo: s.memo,
    bank_statement_row_id: s.bank_statement_row_id,
    allocations: allocations.map(({ it, amount }) => ({
      invoice_id: it.kind === 'invoice' ? it.id : null,
      transaction_id: it.kind === 'transaction' ? it.id : null,
      transaction_document_id: it.kind === 'transaction_document' ? it.id : null,
      amount,
    })) as PaymentInput['allocations'],
  });

  const submit = async () => {
    setErrors({});
    try {
      const saved = await save.mutateAsync({ ...body(), ...(version ? { updated_at: version } : {}) });
      notifySuccess(payment ? '入出金を更新しました' : '入出金を登録しました');
      setVersion(saved.updated_at);
      navigate(LIST);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setErrors(e.errors);
      else if (e instanceof ApiError && e.status === 409) setConflict(e.message);
      else notifyError(errorMessage(e));
      if (e instanceof ApiError && e.status === 422) notifyError(e.message);
    }
  };

  const settleShort = async (it: OpenItem) => {
    if (!payment || !version) return;
    try {
      const saved = await short.mutateAsync({
        invoice_id: it.kind === 'invoice' ? it.id : null,
        transaction_id: it.kind === 'transaction' ? it.id : null,
        updated_at: version,
      });
      notifySuccess(`差額を振込手数料（${formatJPY(saved.fee)}）として精算しました`);
      setVersion(saved.updated_at);
      setS(fromPayment(saved));
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  const confirmDelete = () =>
    payment &&
    modals.openConfirmModal({
      title: '入出金の削除',
      children: (
        <Text size="sm">
          この入出金を削除します。消込は解除され、書類は未入金（未払い）に戻り、仕訳も取り消されます。
        </Text>
      ),
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(payment.id);
          notifySuccess('入出金を削除しました');
          navigate(LIST);
        } catch (e) {
          notifyError(errorMessage(e));
        }
      },
    });

  const err = (k: string) => errors[k]?.join(' ');
  const allocErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith('allocations') || k === '_')
    .flatMap(([, v]) => v);

  return (
    <Stack gap="md">
      {conflict && (
        <Alert color="red" title="ほかのユーザーが更新しました">
          {conflict}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SegmentedControl
            value={s.direction}
            onChange={(v) =>
              set({ direction: v === 'out' ? 'out' : 'in', customer_id: null, customer_name: null, alloc: {} })
            }
            data={[
              { value: 'in', label: narrow ? '入金' : '入金（売掛金の回収）' },
              { value: 'out', label: narrow ? '支払' : '支払（買掛金・未払金）' },
            ]}
            disabled={payment !== null}
            fullWidth={narrow}
            w={narrow ? '100%' : 420}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <CounterpartySelect
              direction={s.direction}
              label={s.direction === 'in' ? '入金元（取引先）' : '支払先（取引先）'}
              value={s.customer_id}
              currentLabel={s.customer_name}
              onChange={(id, label) => set({ customer_id: id, customer_name: label, alloc: {} })}
              error={err('customer_id')}
            />
            <TextInput
              label="日付"
              type="date"
              value={s.date}
              onChange={(e) => set({ date: e.currentTarget.value })}
              error={err('date')}
            />
            <NumberInput
              label={s.direction === 'in' ? '入金額（口座に入った額）' : '振込額'}
              value={s.amount}
              onChange={(v) => set({ amount: typeof v === 'number' ? v : Number(v) || 0 })}
              thousandSeparator=","
              suffix=" 円"
              min={0}
              allowDecimal={false}
              error={err('amount')}
            />
            <Select
              label="方法"
              data={Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label }))}
              value={s.method}
              onChange={(v) => set({ method: v ?? '1' })}
              allowDeselect={false}
            />
            <Select
              label="口座"
              data={banks}
              value={s.bank_account_id}
              onChange={(v) => set({ bank_account_id: v })}
              placeholder={banks.length ? '選択（普通預金）' : '口座情報が未登録（普通預金）'}
              clearable
              error={err('bank_account_id')}
            />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <NumberInput
                label="振込手数料"
                value={s.fee}
                onChange={(v) => set({ fee: typeof v === 'number' ? v : Number(v) || 0 })}
                thousandSeparator=","
                suffix=" 円"
                min={0}
                allowDecimal={false}
                error={err('fee')}
                style={{ flex: 1 }}
              />
              <Select
                aria-label="手数料の負担"
                data={Object.entries(FEE_BEARERS).map(([value, label]) => ({ value, label }))}
                value={s.fee_bearer}
                onChange={(v) => set({ fee_bearer: v === 'them' ? 'them' : 'us' })}
                allowDeselect={false}
                w={120}
              />
            </Group>
          </SimpleGrid>
          {s.direction === 'in' && suggested !== null && s.fee !== suggested && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                この取引先はいつも振込手数料 {formatJPY(suggested)} を差し引いて入金しています。
              </Text>
              <Button size="xs" variant="light" onClick={() => set({ fee: suggested, fee_bearer: 'us' })}>
                {formatJPY(suggested)}（当方負担）を適用
              </Button>
            </Group>
          )}
          <Textarea
            label="メモ"
            value={s.memo}
            onChange={(e) => set({ memo: e.currentTarget.value })}
            autosize
            minRows={1}
            error={err('memo')}
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={4}>消込（{s.direction === 'in' ? '未入金の請求書・取引' : '未払いの発注取引'}）</Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconWand size={14} />}
            onClick={() => autoAllocate()}
            disabled={items.length === 0}
          >
            古い順に自動消込
          </Button>
        </Group>
        {s.customer_id === null ? (
          <Text c="dimmed" size="sm">
            取引先を選ぶと、未消込の書類が古い順に表示されます。
          </Text>
        ) : items.length === 0 && !open.isPending ? (
          <EmptyBlock
            title="未消込の書類はありません"
            description="消し込まない額は前受金（支払は前渡金）になります。"
          />
        ) : (
          <Table.ScrollContainer minWidth={narrow ? 0 : 560}>
            <Table verticalSpacing={6} fz="sm" horizontalSpacing={narrow ? 4 : 'sm'}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36} />
                  <Table.Th>書類</Table.Th>
                  {!narrow && <Table.Th>期日</Table.Th>}
                  <Table.Th ta="right">残額</Table.Th>
                  <Table.Th ta="right" w={narrow ? 110 : 170}>
                    消込額
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((it) => {
                  const k = keyOf(it);
                  const a = s.alloc[k] ?? 0;
                  const shortBy = it.remaining - a;
                  return (
                    <Table.Tr key={k}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`${it.label}を消し込む`}
                          checked={a > 0}
                          onChange={(e) => toggle(it, e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{it.label}</Text>
                        <Text size="xs" c="dimmed">
                          {formatDateJa(it.date)}・合計 {formatJPY(it.total)}
                          {narrow && it.due_date && `・期日 ${formatDateJa(it.due_date)}`}
                        </Text>
                      </Table.Td>
                      {!narrow && <Table.Td>{it.due_date ? formatDateJa(it.due_date) : '—'}</Table.Td>}
                      <Table.Td ta="right" ff="monospace">
                        {formatJPY(it.remaining)}
                      </Table.Td>
                      <Table.Td ta="right">
                        <NumberInput
                          aria-label={`${it.label}の消込額`}
                          size="xs"
                          value={a || ''}
                          onChange={(v) =>
                            set({ alloc: { ...s.alloc, [k]: Math.max(0, Math.min(it.remaining, Number(v) || 0)) } })
                          }
                          thousandSeparator=","
                          min={0}
                          max={it.remaining}
                          allowDecimal={false}
                        />
                        {payment &&
                          s.direction === 'in' &&
                          a > 0 &&
                          shortBy > 0 &&
                          shortBy <= 5_000 &&
                          it.kind !== 'transaction_document' && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              mt={4}
                              onClick={() => void settleShort(it)}
                              loading={short.isPending}
                            >
                              不足 {formatJPY(shortBy)} を手数料として精算
                            </Button>
                          )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {allocErrors.length > 0 && (
          <Alert color="red" mt="sm">
            {allocErrors.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end" gap="lg" mt="sm" wrap="wrap">
          <Text size="sm">
            消込対象額 <b>{formatJPY(figures.settled)}</b>
          </Text>
          <Text size="sm">
            消込額 <b>{formatJPY(figures.allocated)}</b>
          </Text>
          <Text
            size="sm"
            c={figures.unallocated < 0 ? 'red' : figures.unallocated > 0 ? 'orange' : 'teal'}
            data-testid="remaining"
          >
            残り <b>{formatJPY(figures.unallocated)}</b>
            {figures.unallocated > 0 && `（${s.direction === 'in' ? '前受金' : '前渡金'}）`}
          </Text>
        </Group>
      </Paper>

      <Group justify="space-between">
        <Group gap="xs">
          {payment?.journal_entry_id && (
            <Anchor component={Link} to={`/company/accountings_bk/edit?id=${payment.journal_entry_id}`} size="sm">
              <IconBook2 size={14} /> 仕訳を見る
            </Anchor>
          )}
          {payment && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
              削除
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" component={Link} to={LIST}>
            キャンセル
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {payment ? '更新する' : '登録する'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** A positive integer from the query string, else null. */
function positive(v: string | null): number | null {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * /company/payment_management/create (?direction=in|out&customer_id=); opened from a bank statement row it
 * also carries bank_statement_row_id, date, amount, bank_account_id and memo, and arrives pre-filled.
 */
export function PaymentCreatePage() {
  const [params] = useSearchParams();
  const state = useLocation().state as { customerName?: string } | null;
  const customerId = positive(params.get('customer_id'));
  const rowId = positive(params.get('bank_statement_row_id'));
  const date = params.get('date');
  const initial = useMemo<FormState>(
    () => ({
      direction: params.get('direction') === 'out' ? 'out' : 'in',
      date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayInTokyo(),
      customer_id: customerId,
      customer_name: state?.customerName ?? null,
      amount: positive(params.get('amount')) ?? 0,
      method: '1',
      fee: 0,
      fee_bearer: 'us',
      bank_account_id: positive(params.get('bank_account_id')) === null ? null : String(params.get('bank_account_id')),
      memo: (params.get('memo') ?? '').slice(0, 500),
      bank_statement_row_id: rowId,
      alloc: {},
    }),
    [params, customerId, rowId, date, state],
  );
  return (
    <>
      <PageHeader title="入金・支払いの登録" />
      {rowId !== null && (
        <Alert color="blue" variant="light" mb="md" data-testid="from-bank-row">
          銀行明細の行から作成しています。登録すると、その行はこの入出金の仕訳で確定されます。
        </Alert>
      )}
      <PaymentForm payment={null} initial={initial} />
    </>
  );
}

/** /company/payment_management/edit/{id} (also ?id=) */
export function PaymentEditPage() {
  const { id: raw } = useParams();
  const [params] = useSearchParams();
  const n = Number(raw ?? params.get('id'));
  const id = Number.isInteger(n) && n > 0 ? n : null;
  const q = usePayment(id);
  if (id === null || (q.isError && q.error instanceof ApiError && [404, 422].includes(q.error.status))) {
    return (
      <>
        <PageHeader title="入金・支払いの編集" />
        <EmptyBlock
          title="入出金が見つかりません"
          action={
            <Button component={Link} to={LIST}>
              一覧へ戻る
            </Button>
          }
        />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="入金・支払いの編集"
        actions={
          q.data && (
            <Badge size="lg" variant="light" color={q.data.direction === 'in' ? 'teal' : 'orange'}>
              {q.data.direction === 'in' ? '入金' : '支払'}
            </Badge>
          )
        }
      />
      {q.data ? <PaymentForm key={q.data.id} payment={q.data} initial={fromPayment(q.data)} /> : <Skeleton h={300} />}
    </>
  );
}

export default PaymentCreatePage;
