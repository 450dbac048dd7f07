import type { BankCsvMapping } from '@chobo/core';
import { Modal, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useDeleteMapping, useMappings } from './api';
import { MappingSetup } from './MappingSetup';
import { SettingsTableCard, useCardEditing } from './SettingsTableCard';

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
  const card = useCardEditing<BankCsvMapping>();
  const { editing, close } = card;
  const rows = list.data ?? [];
  return (
    <SettingsTableCard
      title="CSVの列の対応付け"
      createLabel="対応付けを作成"
      onCreate={card.create}
      description="自動で判別できないCSVは、どの列が日付・摘要・金額かを一度指定して保存すると、次からはファイル形式で選べます。"
      error={card.error}
      minWidth={560}
      head={
        <>
          <Table.Th>名前</Table.Th>
          <Table.Th>列</Table.Th>
          <Table.Th>読み飛ばし</Table.Th>
          <Table.Th w={72} />
        </>
      }
      empty={list.isSuccess && rows.length === 0 ? { colSpan: 4, text: '保存した対応付けはありません' } : null}
      modal={
        <Modal
          opened={card.opened}
          onClose={close}
          title={editing ? `「${editing.name}」の編集` : '列の対応付けの作成'}
          size="xl"
          fullScreen={phone}
        >
          {card.opened && <MappingSetup file={null} mapping={editing} onSaved={close} onCancel={close} />}
        </Modal>
      }
    >
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
              onEdit={() => card.setEditing(m)}
              deleteTitle="列の対応付けの削除"
              deleteMessage={`列の対応付け「${m.name}」を削除しますか？`}
              onDelete={() =>
                remove.mutate(m.id, {
                  onSuccess: () => notifySuccess('列の対応付けを削除しました'),
                  onError: (e) => card.setError(errorMessage(e)),
                })
              }
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </SettingsTableCard>
  );
}
