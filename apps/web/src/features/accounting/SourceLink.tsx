import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The documents that make entries (journal_entries.source_type) and where each is opened (and changed): an
 * entry a document made changes only through that document — the server refuses edit, delete and 逆仕訳.
 */
const SOURCES: Record<string, { label: string; path: (id: number) => string }> = {
  transaction: { label: '受注取引', path: (id) => `/company/transactions/edit?id=${id}` },
  invoice: { label: '請求書', path: (id) => `/company/invoices/edit?id=${id}` },
  transaction_document: { label: '発注取引', path: (id) => `/company/transaction-documents/edit?id=${id}` },
  payment: { label: '入金・支払', path: (id) => `/company/payment_management/edit/${id}` },
  // the row's import is not in the entry: the list of imports
  bank_statement_row: { label: '銀行明細', path: () => '/company/bank_statement' },
  tax_return: { label: '確定申告書', path: () => '/company/preparation-of-tax-return' },
};

/** True when the entry was made by a document (then only that document changes it). */
export const isOwned = (type: string | null | undefined): boolean => Boolean(type);

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
      to={source.path(id)}
      onClick={(e) => e.stopPropagation()}
      aria-label={`${source.label}を開く`}
      underline="never"
    >
      {badge}
    </Anchor>
  );
}

/**
 * 「受注取引 #12 から作成」 linking to the document: shown instead of the journal's edit / delete / 逆仕訳
 * actions on an entry a document made.
 */
export function OwnerLink({ type, id }: { type: string | null | undefined; id: number | null | undefined }) {
  if (!type) return null;
  const source = SOURCES[type];
  const name = source?.label ?? '他の書類';
  const text = `${name}${id ? ` #${id}` : ''} から作成`;
  if (!source || !id)
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={source.path(id)}
      size="xs"
      style={{ whiteSpace: 'nowrap' }}
      onClick={(e) => e.stopPropagation()}
      data-testid="entry-owner"
    >
      {text}
    </Anchor>
  );
}

/** The sentence the entry page shows for an entry made from another record. */
export function sourceLabel(type: string | null | undefined): string | null {
  return type ? (SOURCES[type]?.label ?? '他の書類') : null;
}
