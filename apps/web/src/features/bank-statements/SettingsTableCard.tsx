import { Alert, Button, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyTableRow } from '../../components/RowActions';

/**
 * Which record of a settings card is open in its modal (a saved one, or a new one), and the card's last
 * error (a failed delete or move).
 */
export function useCardEditing<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setCreating(false);
    setEditing(null);
  };
  return {
    editing,
    setEditing,
    creating,
    create: () => setCreating(true),
    opened: creating || editing !== null,
    close,
    error,
    setError,
  };
}

/**
 * A card of the bank settings (口座, 列の対応付け, 自動仕訳ルール): a title with its create button, a line of
 * explanation, the last error, the table of saved records (or `empty` when there are none), and the
 * modal that creates or edits one.
 */
export function SettingsTableCard({
  title,
  createLabel,
  onCreate,
  description,
  error,
  minWidth,
  head,
  empty,
  children,
  modal,
}: {
  title: string;
  createLabel: string;
  onCreate: () => void;
  description: string;
  error: string | null;
  minWidth: number;
  /** the header cells */
  head: ReactNode;
  /** shown as the one row while the list is loaded and empty */
  empty: { colSpan: number; text: ReactNode } | null;
  /** the rows */
  children: ReactNode;
  modal: ReactNode;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{title}</Title>
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            {createLabel}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        <ScrollArea>
          <Table striped miw={minWidth}>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {children}
              {empty && <EmptyTableRow colSpan={empty.colSpan}>{empty.text}</EmptyTableRow>}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
      {modal}
    </Card>
  );
}
