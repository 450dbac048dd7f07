import {
  type InvoiceValues,
  type Rounding,
  type SalesLineLike,
  TAX_MODES,
  type TaxMode,
  type Transaction,
} from '@chobo/core';
import { Alert, Button, Grid, Group, Kbd, Paper, SegmentedControl, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { FormSection } from '../../components/FormSection';
import { CustomerField } from '../../components/fields/CustomerField';
import { FormDateField } from '../../components/fields/DateField';
import { LinesEditor } from '../../components/lines-editor/LinesEditor';
import { TotalsBox } from '../../components/lines-editor/TotalsBox';
import { linesTotals } from '../../components/lines-editor/totals';
import { useUnbilledSales } from './api';
import type { InvoiceFormValues } from './form-values';
import { REDUCED_LEGEND } from './labels';
import { SalesPicker } from './SalesPicker';

export type InvoiceFormApi = UseFormReturn<InvoiceFormValues, unknown, InvoiceValues>;

function byDateThenNumber(a: Transaction, b: Transaction) {
  return a.transaction_date.localeCompare(b.transaction_date) || a.number - b.number;
}

/**
 * The customer's sales on offer (unbilled + known), the chosen ones, the 税抜・税込 they decide and the live
 * totals: `documentTotals` over ALL lines — the sales' and the free ones — once per rate.
 */
export function useInvoiceSales(form: InvoiceFormApi, knownSales: readonly Transaction[], rounding: Rounding) {
  const { control } = form;
  const customerId = useWatch({ control, name: 'customer_id' });
  const selected = useWatch({ control, name: 'transaction_ids' });
  const lines = useWatch({ control, name: 'lines' });
  const formMode = useWatch({ control, name: 'tax_mode' }) as TaxMode;

  const unbilled = useUnbilledSales(customerId);
  const byId = new Map<number, Transaction>();
  for (const s of [...(unbilled.data?.data ?? []), ...knownSales]) {
    if (s.customer_id === customerId) byId.set(s.id, s);
  }
  const sales = [...byId.values()].sort(byDateThenNumber);
  const chosen = sales.filter((s) => selected.includes(s.id));
  const modes = new Set(chosen.map((s) => s.tax_mode));
  // the sales decide 税抜・税込 (the server keeps theirs)
  const taxMode: TaxMode = chosen[0]?.tax_mode ?? formMode;
  const saleLines: SalesLineLike[] = chosen.flatMap((s) =>
    s.lines.map((l) => ({ quantity: l.quantity, unit_price: l.unit_price, tax_category: l.tax_category })),
  );
  const totals = linesTotals(lines, taxMode, rounding, saleLines);
  return {
    customerId,
    unbilled,
    sales,
    chosen,
    mixedModes: modes.size > 1,
    taxMode,
    totals,
    hasReduced: totals.hasReduced,
  };
}

export type InvoiceSales = ReturnType<typeof useInvoiceSales>;

/** 請求する受注取引: the picker of the customer's sales (a prompt until a customer is chosen). */
export function InvoiceSalesSection({
  form,
  data,
  narrow,
  knownSalesLoading,
}: {
  form: InvoiceFormApi;
  data: InvoiceSales;
  narrow: boolean;
  knownSalesLoading: boolean;
}) {
  const { customerId, chosen, sales, unbilled } = data;
  const errors = form.formState.errors;
  const idsError =
    (errors.transaction_ids as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (errors.transaction_ids as { root?: { message?: string } } | undefined)?.root?.message;
  return (
    <Paper withBorder radius="md" p={narrow ? 'sm' : 'lg'} component="section" aria-label="請求する受注取引">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} fz={16}>
          請求する受注取引
        </Title>
        {chosen.length > 0 && (
          <Text size="sm" c="dimmed">
            {chosen.length}件を選択中
          </Text>
        )}
      </Group>
      {customerId === null ? (
        <Text size="sm" c="dimmed">
          請求先を選ぶと、その顧客の未請求の受注取引が表示されます。
        </Text>
      ) : (
        <Controller
          control={form.control}
          name="transaction_ids"
          render={({ field }) => (
            <SalesPicker
              sales={sales}
              selected={field.value}
              onChange={(ids) => {
                field.onChange(ids);
                form.clearErrors('transaction_ids');
              }}
              loading={(unbilled.isPending && customerId !== null) || knownSalesLoading}
              error={idsError}
            />
          )}
        />
      )}
      {data.mixedModes && (
        <Alert color="orange" mt="sm" py="xs" icon={<IconAlertCircle size={16} />}>
          税抜の取引と税込の取引は同じ請求書にまとめられません。どちらかだけを選んでください。
        </Alert>
      )}
    </Paper>
  );
}

/** 明細: the free lines (送料・値引き…) with the shared lines editor; 税抜・税込 follows the chosen sales. */
export function InvoiceLinesSection({
  form,
  data,
  narrow,
}: {
  form: InvoiceFormApi;
  data: InvoiceSales;
  narrow: boolean;
}) {
  return (
    <Paper withBorder radius="md" p={narrow ? 'sm' : 'lg'} component="section" aria-label="明細">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <div>
          <Title order={3} fz={16}>
            明細
          </Title>
          <Text size="xs" c="dimmed">
            受注取引のほかに請求するもの（送料・値引きなど）
          </Text>
        </div>
        {data.chosen.length > 0 ? (
          <Text size="xs" c="dimmed">
            単価は{TAX_MODES[data.taxMode]}（受注取引に合わせます）
          </Text>
        ) : (
          <Controller
            control={form.control}
            name="tax_mode"
            render={({ field }) => (
              <SegmentedControl
                size="xs"
                aria-label="単価の税抜・税込"
                value={field.value}
                onChange={(v) => field.onChange(v as TaxMode)}
                data={[
                  { value: 'exclusive', label: '税抜価格で入力' },
                  { value: 'inclusive', label: '税込価格で入力' },
                ]}
              />
            )}
          />
        )}
      </Group>
      <LinesEditor form={form as never} narrow={narrow} minRows={0} />
      {!narrow && (
        <Text size="xs" c="dimmed" mt="sm">
          <Kbd size="xs">Tab</Kbd> 次の項目 ・ 単価で <Kbd size="xs">Enter</Kbd> 次の行 ・ <Kbd size="xs">Ctrl</Kbd>+
          <Kbd size="xs">Enter</Kbd> 保存
        </Text>
      )}
    </Paper>
  );
}

/** 備考 and the totals (with the ※ legend when an 8% line is billed). */
export function InvoiceNotesAndTotals({ form, data }: { form: InvoiceFormApi; data: InvoiceSales }) {
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, sm: 7 }} order={{ base: 2, sm: 1 }}>
        <Textarea
          label="備考"
          description="請求書に印字されます（振込手数料のお願いなど）"
          autosize
          minRows={3}
          error={form.formState.errors.notes?.message}
          {...form.register('notes')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }} order={{ base: 1, sm: 2 }}>
        <TotalsBox totals={data.totals} modeLabel={`（${TAX_MODES[data.taxMode]}）`} />
        {data.hasReduced && (
          <Text size="xs" c="dimmed" mt={6} ta="right" data-testid="reduced-legend">
            {REDUCED_LEGEND}
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}

/** キャンセル, 保存（下書き） and, for a draft that exists, 発行する. */
export function InvoiceButtons({
  backTo,
  saving,
  issuing,
  onIssue,
}: {
  backTo: string;
  saving: boolean;
  issuing: boolean;
  onIssue?: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button component={Link} to={backTo} variant="default">
        キャンセル
      </Button>
      <Button type="submit" variant={onIssue ? 'default' : 'filled'} loading={saving}>
        保存（下書き）
      </Button>
      {onIssue && (
        <Button leftSection={<IconSend size={16} />} onClick={onIssue} loading={issuing}>
          発行する
        </Button>
      )}
    </Group>
  );
}

/** 請求情報: the customer billed (a change empties the chosen sales), 請求日, 支払期限. */
export function InvoiceInfoSection({ form, customerName }: { form: InvoiceFormApi; customerName?: string | null }) {
  const { control } = form;
  const { errors } = form.formState;
  return (
    <FormSection title="請求情報">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <CustomerField
            control={control}
            name="customer_id"
            label="請求先"
            withAsterisk
            currentLabel={customerName}
            error={errors.customer_id?.message}
            onPicked={() => {
              // sales of another customer cannot be on this invoice
              form.setValue('transaction_ids', [], { shouldDirty: true });
              form.clearErrors(['customer_id', 'transaction_ids']);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <FormDateField control={control} name="issue_date" label="請求日" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <FormDateField control={control} name="due_date" label="支払期限" />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}
