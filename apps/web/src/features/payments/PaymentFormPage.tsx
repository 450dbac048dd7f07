import { formatJPY, type OpenItem, type Payment, type PaymentInput, paymentFigures, todayInTokyo } from '@chobo/core';
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBook2, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage } from '../../components/record-page/RecordPage';
import { ApiError, errorMessage } from '../../lib/api';
import type { RecordVersion } from '../../lib/conflict';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AllocationPanel } from './AllocationPanel';
import {
  useBankAccountOptions,
  useDeletePayment,
  useOpenItems,
  usePayment,
  useSavePayment,
  useShortPayment,
} from './api';
import { PaymentFields } from './PaymentFields';
import { type FormState, fromPayment, type Key, keyOf } from './payment-form-state';

const LIST = '/company/payment_management';

/** The form: counterparty, its open documents with remaining amounts, allocation (oldest first), fee. */
function PaymentForm({
  payment,
  initial,
  version,
}: {
  payment: Payment | null;
  initial: FormState;
  /** The record's version on the edit page (its 409 shows the one ConflictAlert); none when creating. */
  version?: RecordVersion;
}) {
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [s, setS] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSavePayment(payment?.id ?? null);
  const short = useShortPayment(payment?.id ?? 0);
  const remove = useDeletePayment();
  const open = useOpenItems(s.direction, s.customer_id, payment?.id ?? null);
  const banks = useBankAccountOptions();
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
      const saved = version
        ? await version.save((updated_at) => save.mutateAsync({ ...body(), updated_at }))
        : await save.mutateAsync(body());
      if (!saved) return; // 409: shown in the alert
      notifySuccess(payment ? '入出金を更新しました' : '入出金を登録しました');
      navigate(LIST);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setErrors(e.errors);
      else notifyError(errorMessage(e));
      if (e instanceof ApiError && e.status === 422) notifyError(e.message);
    }
  };

  const settleShort = async (it: OpenItem) => {
    const current = version?.current();
    if (!payment || !version || !current) return;
    try {
      const saved = await short.mutateAsync({
        invoice_id: it.kind === 'invoice' ? it.id : null,
        transaction_id: it.kind === 'transaction' ? it.id : null,
        updated_at: current,
      });
      notifySuccess(`差額を振込手数料（${formatJPY(saved.fee)}）として精算しました`);
      version.adopt(saved.updated_at);
      setS(fromPayment(saved));
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  const err = (k: string) => errors[k]?.join(' ');
  const allocErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith('allocations') || k === '_')
    .flatMap(([, v]) => v);

  return (
    <Stack gap="md">
      {version?.alert}
      <PaymentFields s={s} set={set} narrow={narrow} payment={payment} banks={banks} err={err} suggested={suggested} />

      <AllocationPanel
        s={s}
        set={set}
        items={items}
        loading={open.isPending}
        payment={payment}
        narrow={narrow}
        figures={figures}
        allocErrors={allocErrors}
        onAutoAllocate={() => autoAllocate()}
        onToggle={toggle}
        onSettleShort={(it) => void settleShort(it)}
        settling={short.isPending}
      />

      <PaymentActions
        payment={payment}
        saving={save.isPending}
        onSubmit={() => void submit()}
        onDelete={(p) => confirmDeletePayment(p, remove.mutateAsync, () => navigate(LIST))}
      />
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
  const id = positive(raw ?? params.get('id'));
  const q = usePayment(id);
  return (
    <RecordPage
      title="入金・支払いの編集"
      noun="入出金"
      id={id}
      query={q}
      notFoundDescription={null}
      back={{ to: LIST, label: '一覧へ戻る' }}
      skeleton={[300]}
    >
      {(record, version) => (
        <>
          <PageHeader
            title="入金・支払いの編集"
            actions={
              <Badge size="lg" variant="light" color={record.direction === 'in' ? 'teal' : 'orange'}>
                {record.direction === 'in' ? '入金' : '支払'}
              </Badge>
            }
          />
          <PaymentForm
            key={`${record.id}:${version.generation}`}
            payment={record}
            initial={fromPayment(record)}
            version={version}
          />
        </>
      )}
    </RecordPage>
  );
}

export default PaymentCreatePage;

/** The confirm dialog of 削除 on the edit page. */
function confirmDeletePayment(payment: Payment, remove: (id: number) => Promise<unknown>, after: () => void) {
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
        await remove(payment.id);
        notifySuccess('入出金を削除しました');
        after();
      } catch (e) {
        notifyError(errorMessage(e));
      }
    },
  });
}

/** 仕訳を見る and 削除 (edit page), キャンセル and 登録する / 更新する. */
function PaymentActions({
  payment,
  saving,
  onSubmit,
  onDelete,
}: {
  payment: Payment | null;
  saving: boolean;
  onSubmit: () => void;
  onDelete: (payment: Payment) => void;
}) {
  return (
    <Group justify="space-between">
      <Group gap="xs">
        {payment?.journal_entry_id && (
          <Anchor component={Link} to={`/company/accountings_bk/edit?id=${payment.journal_entry_id}`} size="sm">
            <IconBook2 size={14} /> 仕訳を見る
          </Anchor>
        )}
        {payment && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(payment)}>
            削除
          </Button>
        )}
      </Group>
      <Group gap="xs">
        <Button variant="default" component={Link} to={LIST}>
          キャンセル
        </Button>
        <Button onClick={onSubmit} loading={saving}>
          {payment ? '更新する' : '登録する'}
        </Button>
      </Group>
    </Group>
  );
}
