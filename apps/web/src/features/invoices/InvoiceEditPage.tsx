import { formatDateJa } from '@chobo/core';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { DEFAULT_TAX_SETTINGS, useTaxSettings } from '../transactions/api';
import { ConflictAlert } from '../transactions/ConflictAlert';
import { useInvoice, useIssueInvoice, useSalesByIds, useSaveInvoice } from './api';
import { invoiceToFormValues } from './form-values';
import { InvoiceForm } from './InvoiceForm';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { InvoiceView } from './InvoiceView';
import { INVOICE_LIST_PATH, invoiceEditPath } from './labels';

function parseId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /company/invoices/edit?id=N — a draft is edited; an issued / sent / paid / void one is shown read-only. */
export default function InvoiceEditPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const navigate = useNavigate();
  const invoice = useInvoice(id);
  const tax = useTaxSettings();
  const save = useSaveInvoice(id);
  const issue = useIssueInvoice();
  const corrected = useInvoice(invoice.data?.corrects_id ?? null);
  const known = useSalesByIds(invoice.data?.transaction_ids ?? []);
  // The version the form was filled from; a save after someone else's is refused (409), never merged.
  const opened = useRef<{ id: number; version: string } | null>(null);
  if (invoice.data && opened.current?.id !== invoice.data.id) {
    opened.current = { id: invoice.data.id, version: invoice.data.updated_at };
  }
  const [conflict, setConflict] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await invoice.refetch();
      if (fresh.data) {
        opened.current = { id: fresh.data.id, version: fresh.data.updated_at };
        setConflict(null);
        setFormKey((k) => k + 1);
      }
    } finally {
      setReloading(false);
    }
  };

  const title = invoice.data && invoice.data.status !== 'draft' ? '請求書' : '請求書の編集';
  const missing =
    id === null || (invoice.isError && invoice.error instanceof ApiError && [404, 422].includes(invoice.error.status));
  if (missing) {
    return (
      <>
        <PageHeader title={title} />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="請求書が見つかりません"
            description="URLが正しくない可能性があります。"
            action={
              <Button component={Link} to={INVOICE_LIST_PATH} variant="light">
                請求書一覧に戻る
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (invoice.isError && !invoice.data) {
    return (
      <>
        <PageHeader title={title} />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="請求書を読み込めませんでした"
            description={invoice.error.message}
            action={
              <Button variant="light" onClick={() => void invoice.refetch()}>
                再読み込み
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (!invoice.data || tax.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Stack gap="lg" aria-busy>
          <Skeleton height={140} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </>
    );
  }

  const record = invoice.data;
  const isDraft = record.status === 'draft';
  const correctsNo = corrected.data?.number ?? null;
  const header = (
    <PageHeader
      title={title}
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

  if (!isDraft) {
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
        key={`${record.id}-${formKey}`}
        defaultValues={invoiceToFormValues(record)}
        rounding={(tax.data ?? DEFAULT_TAX_SETTINGS).tax_rounding}
        customerName={record.customer_name}
        knownSales={known.data}
        knownSalesLoading={known.pending}
        backTo={INVOICE_LIST_PATH}
        banner={
          conflict ? <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} /> : null
        }
        onSave={async (values) => {
          try {
            const saved = await save.mutateAsync({ ...values, updated_at: opened.current?.version });
            opened.current = { id: saved.id, version: saved.updated_at };
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) {
              setConflict(error.message);
              // nothing was saved: the form stays as typed
              return false;
            }
            throw error;
          }
          notifySuccess('下書きを保存しました');
        }}
        onIssue={async () => {
          try {
            const issued = await issue.mutateAsync(record.id);
            notifySuccess(`請求書 No.${issued.number} を発行しました`);
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) {
              setConflict(error.message);
              return;
            }
            throw error;
          }
        }}
      />
    </>
  );
}
