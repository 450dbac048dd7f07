import { formatJPY } from '@chobo/core';
import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { RulePreview } from './api';

/** The statement lines of the past a rule would match, and the journal lines it would make of each. */
export function RulePreviewTable({ preview, nameOf }: { preview: RulePreview; nameOf: (id: number) => string }) {
  return (
    <Stack gap="xs" data-testid="rule-preview">
      <Text size="sm" fw={500}>
        過去の明細のうち {preview.total}件 に一致します
        {preview.total > preview.rows.length ? `（先頭${preview.rows.length}件を表示）` : ''}
      </Text>
      {preview.rows.length > 0 && (
        <ScrollArea.Autosize mah={260}>
          <Table striped fz="sm" miw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>日付</Table.Th>
                <Table.Th>摘要</Table.Th>
                <Table.Th ta="right">金額</Table.Th>
                <Table.Th>仕訳</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.date}</Table.Td>
                  <Table.Td>{r.description}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {r.direction === 'in' ? '入' : '出'} {formatJPY(r.amount)}
                  </Table.Td>
                  <Table.Td>
                    {r.lines.map((l) => (
                      <Text size="xs" key={`${l.account_id}-${l.amount}`}>
                        {nameOf(l.account_id)} {formatJPY(l.amount)}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
