import { FEE_BEARERS, formatJPY, PAYMENT_METHODS, type Payment } from '@chobo/core';
import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { NumberField } from '../../components/fields';
import { DateField } from '../../components/fields/DateField';

import { CounterpartySelect } from './CounterpartySelect';
import type { FormState } from './payment-form-state';

/** The payment's own fields: direction, counterparty, date, amount, method, bank account, fee, memo. */
export function PaymentFields({
  s,
  set,
  narrow,
  payment,
  banks,
  err,
  suggested,
}: {
  s: FormState;
  set: (patch: Partial<FormState>) => void;
  narrow: boolean;
  payment: Payment | null;
  banks: { value: string; label: string }[];
  err: (key: string) => string | undefined;
  suggested: number | null;
}) {
  return (
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
          <DateField label="日付" value={s.date} onChange={(date) => set({ date })} error={err('date')} />
          <NumberField
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
            <NumberField
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
  );
}
