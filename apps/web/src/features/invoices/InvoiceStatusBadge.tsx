import type { InvoiceStatus } from '@chobo/core';
import { Badge } from '@mantine/core';
import { INVOICE_STATUS_COLORS, invoiceStatusLabel } from './labels';

export function InvoiceStatusBadge({ status, size }: { status: InvoiceStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      variant={status === 'void' ? 'outline' : 'light'}
      radius="sm"
      size={size}
      color={INVOICE_STATUS_COLORS[status] ?? 'gray'}
      style={{ flexShrink: 0 }}
    >
      {invoiceStatusLabel(status)}
    </Badge>
  );
}
