import { type MantineRadius, Skeleton, Table } from '@mantine/core';

/**
 * Placeholder rows of a list table while its first page loads: `rows` rows of either `cells` skeleton
 * cells, or one skeleton cell spanning `colSpan` columns.
 */
export function ListSkeletonRows({
  rows,
  cells = 1,
  colSpan,
  radius,
  testId,
}: {
  rows: number;
  cells?: number;
  colSpan?: number;
  radius?: MantineRadius;
  testId?: string;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
        <Table.Tr key={i} data-testid={testId}>
          {colSpan ? (
            <Table.Td colSpan={colSpan}>
              <Skeleton height={14} radius={radius} />
            </Table.Td>
          ) : (
            Array.from({ length: cells }, (_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cells
              <Table.Td key={j}>
                <Skeleton height={14} radius={radius} />
              </Table.Td>
            ))
          )}
        </Table.Tr>
      ))}
    </>
  );
}
