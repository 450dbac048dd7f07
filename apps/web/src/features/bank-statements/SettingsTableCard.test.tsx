import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { SettingsTableCard, useCardEditing } from './SettingsTableCard';

type Row = { id: number; name: string };

/** A card over the hook: rows with an edit button, the modal as plain text naming what is open. */
function Harness({ rows, error }: { rows: Row[]; error?: string }) {
  const card = useCardEditing<Row>();
  return (
    <SettingsTableCard
      title="口座"
      createLabel="口座を追加"
      onCreate={card.create}
      description="説明の一行"
      error={error ?? card.error}
      minWidth={400}
      head={<Table.Th>名前</Table.Th>}
      empty={rows.length === 0 ? { colSpan: 1, text: 'まだありません' } : null}
      modal={
        card.opened ? (
          <div>
            {card.editing ? `編集: ${card.editing.name}` : '新規'}
            <button type="button" onClick={card.close}>
              閉じる
            </button>
          </div>
        ) : null
      }
    >
      {rows.map((r) => (
        <Table.Tr key={r.id}>
          <Table.Td>
            <button type="button" onClick={() => card.setEditing(r)}>
              {r.name}を編集
            </button>
          </Table.Td>
        </Table.Tr>
      ))}
    </SettingsTableCard>
  );
}

const show = (rows: Row[], error?: string) =>
  render(
    <MantineProvider theme={theme}>
      <Harness rows={rows} error={error} />
    </MantineProvider>,
  );

describe('SettingsTableCard', () => {
  it('shows the title, the explanation, the header and the empty row', () => {
    show([]);
    expect(screen.getByRole('heading', { name: '口座' })).toBeTruthy();
    expect(screen.getByText('説明の一行')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '名前' })).toBeTruthy();
    expect(screen.getByText('まだありません')).toBeTruthy();
  });

  it('opens the modal for a new record and for a saved one, and closes it', async () => {
    const user = userEvent.setup();
    show([{ id: 1, name: '普通預金' }]);
    expect(screen.queryByText('まだありません')).toBeNull();
    await user.click(screen.getByRole('button', { name: '口座を追加' }));
    expect(screen.getByText('新規')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByText('新規')).toBeNull();
    await user.click(screen.getByRole('button', { name: '普通預金を編集' }));
    expect(screen.getByText('編集: 普通預金')).toBeTruthy();
  });

  it('shows the last error', () => {
    show([], '削除できませんでした');
    expect(screen.getByText('削除できませんでした')).toBeTruthy();
  });
});
