import { type DocumentFile, formatDateTimeJa } from '@chobo/core';
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconEye, IconTrash } from '@tabler/icons-react';
import type { useFileLink } from '../../lib/file-link';
import { fileLinkPath } from './api';
import { formatBytes, num } from './labels';

/** One version of the document's file: v-number, name, who and when, size, SHA-256; show, open, delete. */
export function VersionRow({
  f,
  documentId,
  selected,
  narrow,
  fileLink,
  onShow,
  onDelete,
}: {
  f: DocumentFile;
  documentId: number;
  selected: boolean;
  narrow: boolean;
  fileLink: ReturnType<typeof useFileLink>;
  onShow: () => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr
      data-testid="version-row"
      bg={selected ? 'blue.0' : undefined}
      style={f.deleted_at ? { opacity: 0.6 } : undefined}
    >
      <Table.Td w={52}>
        <Badge size="sm" tt="none" variant={f.deleted_at ? 'outline' : 'light'} color={f.deleted_at ? 'gray' : 'blue'}>
          v{f.version}
        </Badge>
      </Table.Td>
      <Table.Td style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end" td={f.deleted_at ? 'line-through' : undefined} maw={narrow ? 160 : 220}>
          {f.file_name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTimeJa(f.created_at)}・{f.uploaded_by_name ?? '—'}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" style={num}>
            {formatBytes(f.size)}
          </Text>
          <Tooltip label={`SHA-256: ${f.sha256}`} withinPortal multiline w={300}>
            <Text size="xs" c="dimmed" ff="monospace" data-testid="sha256">
              {f.sha256.slice(0, 12)}…
            </Text>
          </Tooltip>
          {f.deleted_at && (
            <Badge size="xs" color="red" variant="light">
              削除済
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td w={96}>
        {!f.deleted_at && (
          <Group gap={2} wrap="nowrap" justify="flex-end">
            <Tooltip label="ここに表示" withinPortal>
              <ActionIcon variant="subtle" aria-label={`v${f.version} を表示`} onClick={onShow}>
                <IconEye size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="新しいタブで開く" withinPortal>
              <ActionIcon
                variant="subtle"
                aria-label={`v${f.version} を開く`}
                loading={fileLink.pending === fileLinkPath(documentId, f.id)}
                onClick={() => void fileLink.open(fileLinkPath(documentId, f.id))}
              >
                <IconExternalLink size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="削除" withinPortal>
              <ActionIcon variant="subtle" color="red" aria-label={`v${f.version} を削除`} onClick={onDelete}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
