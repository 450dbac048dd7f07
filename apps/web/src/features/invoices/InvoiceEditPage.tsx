import { formatDateJa, type Invoice, type Rounding } from '@chobo/core';
import { Alert, Group, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage, useRecordId } from '../../components/record-page/RecordPage';
import type { RecordVersion } from '../../lib/conflict';
import { notifySuccess } from '../../lib/notify';
import { DEFAULT_TAX_SETTINGS, useTaxSettings } from '../transactions/api';
import { useInvoice, useIssueInvoice, useSalesByIds, useSaveInvoice } from './api';
import { invoiceToFormValues } from './form-values';
import { InvoiceForm } from './InvoiceForm';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { InvoiceView } from './InvoiceView';
import { INVOICE_LIST_PATH, invoiceEditPath } from './labels';

/** /company/invoices/edit?id=N — a draft is edited; an issued / sent / paid / void one is shown read-only. */
export default function InvoiceEditPage() {
  const id = useRecordId();
  const invoice = useInvoice(id);
  const tax = useTaxSettings();
  return (
    <RecordPage
      title={(record) => (record && record.status !== 'draft' ? '請求書' : '請求書の編集')}
      noun="請求書"
      id={id}
      query={invoice}
      ready={!tax.isPending}
      notFoundDescription="URLが正しくない可能性があります。"
      back={{ to: INVOICE_LIST_PATH, label: '請求書一覧に戻る' }}
      skeleton={[140, 220]}
    >
      {(record, version) => (
        <InvoiceEditor record={record} version={version} rounding={(tax.data ?? DEFAULT_TAX_SETTINGS).tax_rounding} />
      )}
    </RecordPage>
  );
}

function InvoiceEditor({ record, version, rounding }: { record: Invoice; version: RecordVersion; rounding: Rounding }) {
  const navigate = useNavigate();
  const save = useSaveInvoice(record.id);
  const issue = useIssueInvoice();
  const corrected = useInvoice(record.corrects_id ?? null);
  const known = useSalesByIds(record.transaction_ids ?? []);
  const correctsNo = corrected.data?.number ?? null;
  const header = (
    <PageHeader
      title={record.status !== 'draft' ? '請求書' : '請求書の編集'}
      description={
        <Group gap={8} wrap="wrap">
          <Text span size="sm" fw={700} c="dark" data-testid="invoice-number">
            No.{record.number}
          </Text>
          <InvoiceStatusBadge status={record.status} />
          <span>{record.customer_name}</span>
          <span>更新日 {formatDateJa(record.updated_at)}</span>
        </Group>
      }
    />
  );

  if (record.status !== 'draft') {
    return (
      <>
        {header}
        <InvoiceView invoice={record} onOpen={(next) => navigate(invoiceEditPath(next))} />
      </>
    );
  }

  return (
    <>
      {header}
      {record.corrects_id && (
        <Alert color="blue" variant="light" mb="lg" data-testid="correcting-note">
          {correctsNo !== null ? (
            <>
              No.{correctsNo} を訂正する請求書です（発行すると No.{correctsNo} は無効になります）。{' '}
              <Link to={invoiceEditPath(record.corrects_id)}>元の請求書を見る</Link>
            </>
          ) : (
            '請求書を訂正する下書きです（発行すると元の請求書は無効になります）。'
          )}
        </Alert>
      )}
      <InvoiceForm
        key={`${record.id}-${version.generation}`}
        defaultValues={invoiceToFormValues(record)}
        rounding={rounding}
        customerName={record.customer_name}
        knownSales={known.data}
        knownSalesLoading={known.pending}
        backTo={INVOICE_LIST_PATH}
        banner={version.alert}
        onSave={async (values) => {
          const saved = await version.save((updated_at) => save.mutateAsync({ ...values, updated_at }));
          // a 409: nothing was saved, the form stays as typed
          if (!saved) return false;
          notifySuccess('下書きを保存しました');
        }}
        onIssue={async () => {
          try {
            const issued = await issue.mutateAsync(record.id);
            notifySuccess(`請求書 No.${issued.number} を発行しました`);
          } catch (error) {
            if (version.handle(error)) return;
            throw error;
          }
        }}
      />
    </>
  );
}
