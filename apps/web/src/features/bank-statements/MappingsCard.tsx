import type { BankCsvMapping } from '@chobo/core';
import { Alert, Button, Card, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyTableRow, RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useDeleteMapping, useMappings } from './api';
import { MappingSetup } from './MappingSetup';

/** The columns of a saved mapping in words. */
export function mappingColumns(m: BankCsvMapping): string {
  const parts = [`日付 ${m.date_column}列目`, `摘要 ${m.description_column}列目`];
  if (m.amount_column !== null) parts.push(`金額 ${m.amount_column}列目`);
  else parts.push(`入金 ${m.in_column}列目`, `出金 ${m.out_column}列目`);
  if (m.balance_column !== null) parts.push(`残高 ${m.balance_column}列目`);
  if (m.counterparty_column !== null) parts.push(`相手先 ${m.counterparty_column}列目`);
  return parts.join('・');
}

/** Saved column mappings (formats `mapping:<id>`): list, create, edit, delete. */
export function MappingsCard() {
  const list = useMappings();
  const remove = useDeleteMapping();
  const phone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<BankCsvMapping | null>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = list.data ?? [];
  const close = () => {
    setCreating(false);
    setEditing(null);
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>CSVの列の対応付け</Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            対応付けを作成
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          自動で判別できないCSVは、どの列が日付・摘要・金額かを一度指定して保存すると、次からはファイル形式で選べます。
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        <ScrollArea>
          <Table striped miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>名前</Table.Th>
                <Table.Th>列</Table.Th>
                <Table.Th>読み飛ばし</Table.Th>
                <Table.Th w={72} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{mappingColumns(m)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {m.skip_rows}行{m.has_header ? '＋見出し' : ''}
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={`「${m.name}」`}
                      onEdit={() => setEditing(m)}
                      deleteTitle="列の対応付けの削除"
                      deleteMessage={`列の対応付け「${m.name}」を削除しますか？`}
                      onDelete={() =>
                        remove.mutate(m.id, {
                          onSuccess: () => notifySuccess('列の対応付けを削除しました'),
                          onError: (e) => setError(errorMessage(e)),
                        })
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
              {list.isSuccess && rows.length === 0 && (
                <EmptyTableRow colSpan={4}>保存した対応付けはありません</EmptyTableRow>
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
      <Modal
        opened={creating || editing !== null}
        onClose={close}
        title={editing ? `「${editing.name}」の編集` : '列の対応付けの作成'}
        size="xl"
        fullScreen={phone}
      >
        {(creating || editing) && <MappingSetup file={null} mapping={editing} onSaved={close} onCancel={close} />}
      </Modal>
    </Card>
  );
}
