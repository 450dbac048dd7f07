import type { InvoiceValues, Rounding, Transaction } from '@chobo/core';
import { Alert, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api';
import { handleFormError, setServerErrors } from '../../lib/form-errors';
import { remapLineErrors } from '../transactions/form-values';
import { type InvoiceFormValues, invoiceFieldNames, invoiceResolver, toInvoiceBody } from './form-values';
import {
  InvoiceButtons,
  type InvoiceFormApi,
  InvoiceInfoSection,
  InvoiceLinesSection,
  InvoiceNotesAndTotals,
  InvoiceSalesSection,
  useInvoiceSales,
} from './invoice-form-parts';

/** 保存（下書き） and 発行する (saved first when changed); the 422 under the fields, the issue error apart. */
function useInvoiceSubmit(
  form: InvoiceFormApi,
  onSave: (values: InvoiceValues) => Promise<unknown>,
  onIssue: (() => Promise<unknown>) | undefined,
) {
  const [issueError, setIssueError] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);

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
      if (form.formState.isDirty && !(await save(values))) {
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
          {form.formState.isDirty && (
            <Text size="sm" c="dimmed">
              変更中の内容を保存してから発行します。
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: '発行する', cancel: 'キャンセル' },
      onConfirm: () => void issue(),
    });

  return { submit, confirmIssue, issuing, issueError };
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
  const { errors, isSubmitting } = form.formState;
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const data = useInvoiceSales(form, knownSales, rounding);
  const { submit, confirmIssue, issuing, issueError } = useInvoiceSubmit(form, onSave, onIssue);

  const onFormKey = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={submit} onKeyDown={onFormKey} noValidate aria-label="請求書">
      <Stack gap="lg">
        {errors.root?.server?.message && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <InvoiceInfoSection form={form} customerName={customerName} />
        <InvoiceSalesSection form={form} data={data} narrow={narrow} knownSalesLoading={knownSalesLoading} />
        <InvoiceLinesSection form={form} data={data} narrow={narrow} />
        <InvoiceNotesAndTotals form={form} data={data} />
        {banner}
        {issueError && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" title="発行できませんでした">
            {issueError}
          </Alert>
        )}
        <InvoiceButtons
          backTo={backTo}
          saving={isSubmitting && !issuing}
          issuing={issuing}
          onIssue={onIssue ? confirmIssue : undefined}
        />
      </Stack>
    </form>
  );
}
