import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';

/** Where an entry made from another record can be opened (and changed): that record's screen. */
const SOURCES: Record<string, { label: string; path: string }> = {
  transaction: { label: '受注取引', path: '/company/transactions/edit' },
  invoice: { label: '請求書', path: '/company/invoices/edit' },
  transaction_document: { label: '発注取引', path: '/company/transaction-documents/edit' },
};

/**
 * A small badge linking a journal entry (or ledger line) to the record it was made from, e.g. 「受注取引」.
 * Read-only views (the administrator's) show the badge without a link.
 */
export function SourceLink({
  type,
  id,
  readOnly = false,
}: {
  type: string | null | undefined;
  id: number | null | undefined;
  readOnly?: boolean;
}) {
  const source = type ? SOURCES[type] : undefined;
  if (!source || !id) return null;
  const badge = (
    <Badge size="xs" variant="light" color="blue" style={{ cursor: readOnly ? undefined : 'pointer' }}>
      {source.label}
    </Badge>
  );
  if (readOnly) return badge;
  return (
    <Anchor
      component={Link}
      to={`${source.path}?id=${id}`}
      onClick={(e) => e.stopPropagation()}
      aria-label={`${source.label}を開く`}
      underline="never"
    >
      {badge}
    </Anchor>
  );
}

/** The sentence the entry page shows for an entry made from another record. */
export function sourceLabel(type: string | null | undefined): string | null {
  return type && SOURCES[type] ? SOURCES[type].label : null;
}
