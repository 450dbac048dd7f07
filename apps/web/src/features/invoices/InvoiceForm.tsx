import {
  documentTotals,
  type InvoiceValues,
  type Rounding,
  type SalesLineLike,
  TAX_MODES,
  type TaxMode,
  type Transaction,
} from '@chobo/core';
import { Alert, Button, Grid, Group, Kbd, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { FormSection } from '../../components/FormSection';
import { CustomerField } from '../../components/fields/CustomerField';
import { FormDateField } from '../../components/fields/DateField';
import { ApiError, errorMessage } from '../../lib/api';
import { handleFormError, setServerErrors } from '../../lib/form-errors';
import { remapLineErrors } from '../transactions/form-values';
import { LinesEditor, previewLines } from '../transactions/LinesEditor';
import { TotalsBox } from '../transactions/TotalsBox';
import { useUnbilledSales } from './api';
import { type InvoiceFormValues, invoiceFieldNames, invoiceResolver, toInvoiceBody } from './form-values';
import { REDUCED_LEGEND } from './labels';
import { SalesPicker } from './SalesPicker';

function byDateThenNumber(a: Transaction, b: Transaction) {
  return a.transaction_date.localeCompare(b.transaction_date) || a.number - b.number;
}

/**
 * The 請求書 form of /company/invoices/create and the draft on /edit (contract: invoiceInput). The totals
 * are `documentTotals` over ALL lines — the sales' and the free ones — once per rate, as the server does
 * (three sales of 105 yen at 10% → 消費税 ¥31, never 3 × ¥10).
 */
export function InvoiceForm({
  defaultValues,
  rounding,
  customerName,
  knownSales,
  knownSalesLoading = false,
  onSave,
  onIssue,
  backTo,
  banner,
}: {
  defaultValues: InvoiceFormValues;
  rounding: Rounding;
  customerName?: string | null;
  /** Sales the invoice already bills or that were picked on the 受注取引 list (may be 請求済 for a correction). */
  knownSales: readonly Transaction[];
  knownSalesLoading?: boolean;
  /** Resolves to false when nothing was saved (e.g. a 409 the page shows). */
  onSave: (values: InvoiceValues) => Promise<unknown>;
  /** Drafts that exist can be issued (saved first when changed). */
  onIssue?: () => Promise<unknown>;
  backTo: string;
  banner?: ReactNode;
}) {
  const form = useForm<InvoiceFormValues, unknown, InvoiceValues>({ resolver: invoiceResolver, defaultValues });
  const { control, register, formState } = form;
  const { errors, isSubmitting } = formState;
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [issueError, setIssueError] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);

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
  const freeLines = previewLines(lines);
  const totals = documentTotals([...saleLines, ...freeLines], taxMode, rounding);
  const hasReduced = [...saleLines, ...freeLines].some((l) => l.tax_category === '8');

  const applyError = (error: unknown) => {
    const current = form.getValues();
    if (error instanceof ApiError && error.status === 422) {
      const { formIndex } = toInvoiceBody(current);
      setServerErrors(
        form,
        remapLineErrors(error.errors, formIndex),
        invoiceFieldNames(current.lines.length),
        error.message,
      );
      return;
    }
    handleFormError(form, error, []);
  };

  /** false when nothing was saved (a 409 shown by the page). */
  const save = async (values: InvoiceValues): Promise<boolean> => {
    if ((await onSave(values)) === false) return false;
    form.reset(form.getValues());
    return true;
  };

  const submit = form.handleSubmit(async (values) => {
    setIssueError(null);
    try {
      await save(values);
    } catch (error) {
      applyError(error);
    }
  });

  const issue = form.handleSubmit(async (values) => {
    setIssueError(null);
    setIssuing(true);
    try {
      if (formState.isDirty && !(await save(values))) {
        setIssuing(false);
        return;
      }
    } catch (error) {
      setIssuing(false);
      applyError(error);
      return;
    }
    try {
      await onIssue?.();
    } catch (error) {
      // 422: 登録番号がない・請求済の取引がある… — shown next to the button that was pressed
      setIssueError(errorMessage(error));
    } finally {
      setIssuing(false);
    }
  });

  const confirmIssue = () =>
    modals.openConfirmModal({
      title: '請求書を発行しますか？',
      children: (
        <Stack gap="xs">
          <Text size="sm">発行後は変更できません。内容を直すときは「訂正する」で訂正の請求書を作成します。</Text>
          {formState.isDirty && (
            <Text size="sm" c="dimmed">
              変更中の内容を保存してから発行します。
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: '発行する', cancel: 'キャンセル' },
      onConfirm: () => void issue(),
    });

  const onFormKey = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const idsError =
    (errors.transaction_ids as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (errors.transaction_ids as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <form onSubmit={submit} onKeyDown={onFormKey} noValidate aria-label="請求書">
      <Stack gap="lg">
        {errors.root?.server?.message && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <InvoiceInfoSection form={form} customerName={customerName} />

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
              control={control}
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
          {modes.size > 1 && (
            <Alert color="orange" mt="sm" py="xs" icon={<IconAlertCircle size={16} />}>
              税抜の取引と税込の取引は同じ請求書にまとめられません。どちらかだけを選んでください。
            </Alert>
          )}
        </Paper>

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
            {chosen.length > 0 ? (
              <Text size="xs" c="dimmed">
                単価は{TAX_MODES[taxMode]}（受注取引に合わせます）
              </Text>
            ) : (
              <Controller
                control={control}
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
              <Kbd size="xs">Tab</Kbd> 次の項目 ・ 単価で <Kbd size="xs">Enter</Kbd> 次の行 ・ <Kbd size="xs">Ctrl</Kbd>
              +<Kbd size="xs">Enter</Kbd> 保存
            </Text>
          )}
        </Paper>

        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 7 }} order={{ base: 2, sm: 1 }}>
            <Textarea
              label="備考"
              description="請求書に印字されます（振込手数料のお願いなど）"
              autosize
              minRows={3}
              error={errors.notes?.message}
              {...register('notes')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }} order={{ base: 1, sm: 2 }}>
            <TotalsBox totals={totals} modeLabel={`（${TAX_MODES[taxMode]}）`} />
            {hasReduced && (
              <Text size="xs" c="dimmed" mt={6} ta="right" data-testid="reduced-legend">
                {REDUCED_LEGEND}
              </Text>
            )}
          </Grid.Col>
        </Grid>

        {banner}
        {issueError && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" title="発行できませんでした">
            {issueError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={backTo} variant="default">
            キャンセル
          </Button>
          <Button type="submit" variant={onIssue ? 'default' : 'filled'} loading={isSubmitting && !issuing}>
            保存（下書き）
          </Button>
          {onIssue && (
            <Button leftSection={<IconSend size={16} />} onClick={confirmIssue} loading={issuing}>
              発行する
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

type InvoiceFormApi = UseFormReturn<InvoiceFormValues, unknown, InvoiceValues>;

/** 請求情報: the customer billed (a change empties the chosen sales), 請求日, 支払期限. */
function InvoiceInfoSection({ form, customerName }: { form: InvoiceFormApi; customerName?: string | null }) {
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
