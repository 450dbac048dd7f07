import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';

/** The first rows of the file, the columns numbered with the roles given them, skipped rows and the header marked. */
export function CsvSamplePreview({
  rows,
  encoding,
  columns,
  roleOf,
  skipRows,
  hasHeader,
}: {
  rows: string[][];
  encoding: string | null;
  /** one per column (the widest row's) */
  columns: { value: string }[];
  /** the roles of a column (1-based), '' for none */
  roleOf: (col: number) => string;
  skipRows: number;
  hasHeader: boolean;
}) {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          ファイルの先頭
        </Text>
        {encoding && (
          <Badge variant="light" color="gray">
            {encoding}
          </Badge>
        )}
      </Group>
      <ScrollArea>
        <Table fz="xs" withTableBorder withColumnBorders miw={Math.min(width * 110, 1200)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>行</Table.Th>
              {columns.map((c, i) => (
                <Table.Th key={c.value}>
                  {i + 1}
                  {roleOf(i + 1) && (
                    <Badge size="xs" ml={4} variant="filled">
                      {roleOf(i + 1)}
                    </Badge>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, n) => {
              const skipped = n < skipRows;
              const header = hasHeader && n === skipRows;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the file's line number is the row's identity
                <Table.Tr key={n} style={{ opacity: skipped ? 0.45 : 1, fontWeight: header ? 700 : 400 }}>
                  <Table.Td c="dimmed">
                    {n + 1}
                    {skipped ? ' 読み飛ばし' : header ? ' 見出し' : ''}
                  </Table.Td>
                  {columns.map((c, i) => (
                    <Table.Td key={c.value} style={{ whiteSpace: 'nowrap' }}>
                      {r[i] ?? ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
