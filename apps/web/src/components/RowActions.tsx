import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A table row's 編集 and 削除 icons; 削除 asks first (「…を削除しますか？」 with 削除する / キャンセル) and only
 * then calls `onDelete`.
 */
export function RowActions({
  name,
  onEdit,
  deleteTitle,
  deleteMessage,
  deleting = false,
  onDelete,
}: {
  /** How the row is named in the icons' labels: 「{name}」を編集 / を削除. */
  name: string;
  onEdit: () => void;
  deleteTitle: string;
  deleteMessage: ReactNode;
  deleting?: boolean;
  onDelete: () => void;
}) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`${name}を編集`} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${name}を削除`}
        loading={deleting}
        onClick={() =>
          modals.openConfirmModal({
            title: deleteTitle,
            children: <Text size="sm">{deleteMessage}</Text>,
            labels: { confirm: '削除する', cancel: 'キャンセル' },
            confirmProps: { color: 'red' },
            onConfirm: onDelete,
          })
        }
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The one row of an empty table: a dimmed, centred sentence across every column. */
export function EmptyTableRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
