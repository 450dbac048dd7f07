import { formatDateJa } from '@chobo/core';
import { ActionIcon, Alert, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDeleteEntry, useEntry, useReverseEntry } from './api';
import { formatAmountOrBlank } from './format';
import { confirmDeleteEntry, confirmReverse, JOURNAL_PATH } from './JournalEntryPages';
import { isOwned, OwnerLink, SourceLink } from './SourceLink';
import type { JournalEntry } from './types';

/** Debit lines beside credit lines, row by row (the layout of a paper 仕訳帳). */
export function pairLines(entry: JournalEntry) {
  const debits = entry.lines.filter((l) => l.debit > 0);
  const credits = entry.lines.filter((l) => l.credit > 0);
  const rows = Math.max(debits.length, credits.length, 1);
  return Array.from({ length: rows }, (_, i) => ({ debit: debits[i], credit: credits[i] }));
}

/** One entry as its lines' rows: number, date and 摘要 (and the row action) span them. */
export function EntryRows({
  entry,
  savedId,
  readOnly,
  open,
  name,
}: {
  entry: JournalEntry;
  savedId: number | null;
  readOnly: boolean;
  open: (entry: JournalEntry) => void;
  name: (id?: number) => string;
}) {
  const remove = useDeleteEntry();
  const reverse = useReverseEntry();
  const pairs = pairLines(entry);
  const span = pairs.length;
  return (
    <>
      {pairs.map((pair, i) => (
        <Table.Tr
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one entry in a fixed order
          key={i}
          data-testid={i === 0 ? 'entry-row' : 'entry-subrow'}
          data-saved={entry.id === savedId || undefined}
          onClick={readOnly ? undefined : () => open(entry)}
          style={{
            cursor: readOnly ? undefined : 'pointer',
            background: entry.id === savedId ? 'var(--mantine-color-yellow-0)' : undefined,
            borderTop: i === 0 ? '1px solid var(--mantine-color-gray-2)' : undefined,
          }}
        >
          {i === 0 && (
            <>
              <Table.Td rowSpan={span} valign="top">
                <Text size="sm" ff="monospace">
                  {entry.number}
                </Text>
              </Table.Td>
              <Table.Td rowSpan={span} valign="top">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateJa(entry.date)}
                </Text>
              </Table.Td>
              <Table.Td rowSpan={span} valign="top">
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" lineClamp={2}>
                    {entry.description}
                  </Text>
                  {entry.locked && <IconLock size={12} color="var(--mantine-color-gray-6)" aria-label="締め済み" />}
                  {/* the owner's link sits in the actions column; read-only views have none */}
                  {readOnly && <SourceLink type={entry.source_type} id={entry.source_id} readOnly />}
                  {entry.reversal_of_id ? (
                    <Badge size="xs" variant="light" color="gray">
                      逆仕訳
                    </Badge>
                  ) : null}
                  {entry.reversed_by_id ? (
                    <Badge size="xs" variant="light" color="orange">
                      取消済
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
            </>
          )}
          <Table.Td valign="top">
            <Text size="sm">{name(pair.debit?.account_id)}</Text>
          </Table.Td>
          <Table.Td ta="right" valign="top">
            <Text size="sm">{formatAmountOrBlank(pair.debit?.debit)}</Text>
          </Table.Td>
          <Table.Td valign="top">
            <Text size="sm">{name(pair.credit?.account_id)}</Text>
          </Table.Td>
          <Table.Td ta="right" valign="top">
            <Text size="sm">{formatAmountOrBlank(pair.credit?.credit)}</Text>
          </Table.Td>
          {!readOnly && i === 0 && (
            <Table.Td rowSpan={span} valign="top">
              {isOwned(entry.source_type) ? (
                <OwnerLink type={entry.source_type} id={entry.source_id} />
              ) : entry.kind === 'closing' || (entry.locked && entry.reversed_by_id) ? null : entry.locked ? (
                <Tooltip label="逆仕訳" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`No.${entry.number}の逆仕訳`}
                    onClick={(event) => {
                      event.stopPropagation();
                      confirmReverse(entry, (id) => reverse.mutateAsync(id));
                    }}
                  >
                    <IconArrowBackUp size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <Tooltip label="削除" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="danger"
                    aria-label={`No.${entry.number}を削除`}
                    onClick={(event) => {
                      event.stopPropagation();
                      confirmDeleteEntry(entry, (id) => remove.mutateAsync(id));
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </>
  );
}

/**
 * After a save: the saved entry, highlighted above the list wherever its page is, with 「続けて入力」 (a new
 * entry) and a link to edit it.
 */
export function SavedEntryPanel({
  id,
  onClose,
  name,
}: {
  id: number;
  onClose: () => void;
  name: (id?: number) => string;
}) {
  const entry = useEntry(id).data;
  if (!entry) return null;
  const lines = entry.lines.map((l) => `${name(l.account_id)} ${formatAmountOrBlank(l.debit || l.credit)}`);
  return (
    <Alert
      m="md"
      mb={0}
      color="yellow"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      withCloseButton
      closeButtonLabel="閉じる"
      onClose={onClose}
      title={`仕訳 No.${entry.number} を保存しました`}
      data-testid="saved-entry"
    >
      <Text size="sm">
        {formatDateJa(entry.date)}　{entry.description}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {lines.join('　/　')}
      </Text>
      <Group gap="xs" mt="xs">
        <Button component={Link} to={`${JOURNAL_PATH}/create`} size="xs" leftSection={<IconPlus size={14} />}>
          続けて入力
        </Button>
        <Button component={Link} to={`${JOURNAL_PATH}/edit?id=${entry.id}`} size="xs" variant="default">
          この仕訳を開く
        </Button>
      </Group>
    </Alert>
  );
}
