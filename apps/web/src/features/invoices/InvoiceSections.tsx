import { formatDateJa, formatDateTimeJa, type Invoice } from '@chobo/core';
import { Alert, Anchor, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InvoiceLinesTable } from './InvoiceLinesTable';
import { invoiceEditPath } from './labels';

/** A void invoice, or one with a correction under way: where its correction is. */
export function CorrectionAlerts({ invoice }: { invoice: Invoice }) {
  const isVoid = invoice.status === 'void';
  return (
    <>
      {isVoid && (
        <Alert color="red" variant="light" title="この請求書は無効です">
          {invoice.corrected_by_id ? (
            <>
              訂正の請求書に置き換えられました。{' '}
              <Anchor component={Link} to={invoiceEditPath(invoice.corrected_by_id)} size="sm" fw={600}>
                訂正後の請求書を開く
              </Anchor>
            </>
          ) : (
            '取引先には、無効になったことをお知らせください。'
          )}
        </Alert>
      )}
      {!isVoid && invoice.corrected_by_id && (
        <Alert color="blue" variant="light">
          この請求書を訂正する下書きがあります。{' '}
          <Anchor component={Link} to={invoiceEditPath(invoice.corrected_by_id)} size="sm" fw={600}>
            訂正中の請求書を開く
          </Anchor>
        </Alert>
      )}
    </>
  );
}

/** One dated fact of the invoice: a small label above its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** 請求内容: the dates (請求日, 支払期限, 発行, 送付) and the lines. */
export function InvoiceContent({ invoice }: { invoice: Invoice }) {
  const hasDates = invoice.lines.some((l) => l.date);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="請求内容">
      <Group gap="xl" mb="md" wrap="wrap">
        <Fact label="請求日">
          <Text fw={600}>{formatDateJa(invoice.issue_date)}</Text>
        </Fact>
        <Fact label="支払期限">
          <Text fw={600}>{invoice.due_date ? formatDateJa(invoice.due_date) : '—'}</Text>
        </Fact>
        {invoice.issued_at && (
          <Fact label="発行">
            <Text size="sm">{formatDateTimeJa(invoice.issued_at)}</Text>
          </Fact>
        )}
        {invoice.sent_at && (
          <Fact label="送付">
            <Text size="sm">{formatDateTimeJa(invoice.sent_at)}</Text>
          </Fact>
        )}
      </Group>
      <Title order={3} fz={16} mb="xs">
        明細
      </Title>
      <InvoiceLinesTable
        label="請求書の明細"
        withDate={hasDates}
        lines={invoice.lines.map((l) => ({ ...l, key: l.line_no }))}
      />
    </Paper>
  );
}
