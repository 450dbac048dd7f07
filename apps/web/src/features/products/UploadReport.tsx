import { formatJPY, type ProductUploadReport, TAX_CATEGORY_LABELS } from '@chobo/core';
import { Alert, Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The dry run's answer: the counts, then every bad row (nothing can be imported) or the rows to import. */
export function UploadReport({ report }: { report: ProductUploadReport }) {
  const hasErrors = report.errors.length > 0;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color="gray">
          {report.total}行
        </Badge>
        <Badge variant="light" color="primary">
          追加 {report.added}件
        </Badge>
        <Badge variant="light" color="secondary">
          更新 {report.updated}件
        </Badge>
        {hasErrors && (
          <Badge variant="filled" color="danger">
            誤り {report.errors.length}行
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          文字コード: {report.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}
        </Text>
      </Group>
      {hasErrors ? (
        <>
          <Alert color="danger" icon={<IconAlertCircle size={16} />} title="誤りのある行があります">
            次の行を直してから、もう一度ファイルを選択してください。このままでは取り込めません。
          </Alert>
          <ScrollArea.Autosize mah={260}>
            <Table aria-label="誤りのある行" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>行</Table.Th>
                  <Table.Th w={140}>商品コード</Table.Th>
                  <Table.Th>内容</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((e) => (
                  <Table.Tr key={e.line} data-testid="upload-error-row">
                    <Table.Td>{e.line}行目</Table.Td>
                    <Table.Td>{e.code ?? ''}</Table.Td>
                    <Table.Td>
                      {e.messages.map((m) => (
                        <Text key={m} size="sm" c="danger">
                          {m}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      ) : (
        <ScrollArea.Autosize mah={260}>
          <Table aria-label="取り込む商品" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>行</Table.Th>
                <Table.Th w={120}>商品コード</Table.Th>
                <Table.Th>商品名</Table.Th>
                <Table.Th ta="right">単価</Table.Th>
                <Table.Th>税区分</Table.Th>
                <Table.Th>処理</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((r) => (
                <Table.Tr key={r.line}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{r.code}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right">{formatJPY(r.unit_price)}</Table.Td>
                  <Table.Td>{TAX_CATEGORY_LABELS[r.tax_category]}</Table.Td>
                  <Table.Td>{r.action === 'add' ? '追加' : '更新'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {report.rows.length < report.total && (
            <Text size="xs" c="dimmed" mt={4}>
              先頭の{report.rows.length}行を表示しています。
            </Text>
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
