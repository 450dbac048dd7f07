import { Box, type MantineRadius, Table, type TableProps } from '@mantine/core';
import { Fragment, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { SortDir } from '../../lib/use-list-params';
import { ListSkeletonRows } from '../ListSkeletonRows';
import { SortableTh } from '../SortableTh';
import type { ColumnSpec } from './types';

const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();

function HeaderCell<T>({
  column,
  sortBy,
  sortDir,
  onSort,
}: {
  column: ColumnSpec<T>;
  sortBy: string | null;
  sortDir: SortDir | null;
  onSort: (key: string) => void;
}) {
  const label = column.hideLabel ? (
    <Box component="span" style={{ position: 'absolute', left: -9999 }}>
      {column.label}
    </Box>
  ) : (
    column.label
  );
  if (!column.sort)
    return (
      <Table.Th w={column.w} ta={column.headerAlign}>
        {label}
      </Table.Th>
    );
  const sorted = sortBy === column.sort;
  return (
    <SortableTh w={column.w} sorted={sorted} dir={sorted ? sortDir : null} onSort={() => onSort(column.sort as string)}>
      {label}
    </SortableTh>
  );
}

/** The desktop table: sortable headers, skeleton rows while the first page loads, rows that open. */
export function TableView<T extends { id: number | string }>({
  label,
  columns,
  rows,
  rowTestId,
  busy,
  pending,
  sortBy,
  sortDir,
  onSort,
  onOpen,
  minWidth = 820,
  skeleton,
  highlightOnHover = true,
  rowBg,
  foot,
  renderRow,
  tableProps,
}: {
  label: string;
  columns: ColumnSpec<T>[];
  rows: T[];
  rowTestId: string;
  busy: boolean;
  pending: boolean;
  sortBy: string | null;
  sortDir: SortDir | null;
  onSort: (key: string) => void;
  onOpen?: (row: T) => void;
  minWidth?: number;
  skeleton?: {
    rows?: number;
    radius?: MantineRadius;
    testId?: string /** one cell across the row */;
    colSpan?: boolean;
  };
  highlightOnHover?: boolean;
  rowBg?: (row: T) => string | undefined;
  foot?: (rows: T[]) => ReactNode;
  renderRow?: (row: T) => ReactNode;
  tableProps?: Partial<TableProps>;
}) {
  const openProps = (row: T) =>
    onOpen && {
      tabIndex: 0,
      onClick: () => onOpen(row),
      onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(row);
      },
      style: { cursor: 'pointer' },
    };
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        highlightOnHover={highlightOnHover}
        verticalSpacing="sm"
        {...tableProps}
        aria-label={label}
        aria-busy={busy}
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {columns.map((c) => (
              <HeaderCell key={c.label} column={c} sortBy={sortBy} sortDir={sortDir} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending && (
            <ListSkeletonRows
              rows={skeleton?.rows ?? 5}
              cells={columns.length}
              radius={skeleton?.radius}
              testId={skeleton?.testId}
            />
          )}
          {renderRow && rows.map((row) => <Fragment key={row.id}>{renderRow(row)}</Fragment>)}
          {!renderRow &&
            rows.map((row) => (
              <Table.Tr key={row.id} data-testid={rowTestId} bg={rowBg?.(row)} {...openProps(row)}>
                {columns.map((c) => (
                  <Table.Td
                    key={c.label}
                    ta={c.align}
                    style={c.style}
                    onClick={c.actions ? stop : undefined}
                    onKeyDown={c.actions ? stop : undefined}
                  >
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
        </Table.Tbody>
        {rows.length > 0 && foot?.(rows)}
      </Table>
    </Table.ScrollContainer>
  );
}
