import { Skeleton, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { notifySuccess } from '../../lib/notify';
import { DEFAULT_TAX_SETTINGS, useTaxSettings } from '../transactions/api';
import { useSalesByIds, useSaveInvoice } from './api';
import { newInvoiceValues } from './form-values';
import { InvoiceForm } from './InvoiceForm';
import { INVOICE_LIST_PATH, invoiceEditPath } from './labels';

/** `?transaction_ids=1,2,3` from the 受注取引 list (or one sale's edit page). */
export function parseIds(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, 200);
}

/** /company/invoices/create[?transaction_ids=…] */
export default function InvoiceCreatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('transaction_ids');
  const ids = useMemo(() => parseIds(raw), [raw]);
  const picked = useSalesByIds(ids);
  const tax = useTaxSettings();
  const save = useSaveInvoice(null);
  const settings = tax.data ?? DEFAULT_TAX_SETTINGS;

  // the customer of the picked sales (the list lets one customer's sales be picked together)
  const first = picked.data[0] ?? null;
  const sameCustomer = picked.data.filter((s) => s.customer_id === first?.customer_id).map((s) => s.id);
  const loading = tax.isPending || (ids.length > 0 && picked.pending);

  return (
    <>
      <PageHeader
        title="請求書の作成"
        description="受注取引をまとめて請求できます（合計請求書）。保存すると下書きになり、発行するまで何度でも直せます。"
      />
      {loading ? (
        <Stack gap="lg" aria-busy>
          <Skeleton height={140} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : (
        <InvoiceForm
          defaultValues={newInvoiceValues(first?.customer_id ?? null, sameCustomer, settings.tax_display)}
          rounding={settings.tax_rounding}
          customerName={first?.customer_name ?? null}
          knownSales={picked.data}
          backTo={INVOICE_LIST_PATH}
          onSave={async (values) => {
            const invoice = await save.mutateAsync(values);
            notifySuccess(`請求書 No.${invoice.number} を下書きとして保存しました`);
            navigate(invoiceEditPath(invoice.id), { replace: true });
          }}
        />
      )}
    </>
  );
}
