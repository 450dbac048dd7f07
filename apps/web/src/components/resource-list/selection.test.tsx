import { Button } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/all-providers';
import { SelectionBar, selectionColumn, useRowSelection } from './selection';
import { TableView } from './TableView';

interface Row {
  id: number;
  name: string;
  done: boolean;
  ready: boolean;
}

const PAGES: Row[][] = [
  [
    { id: 1, name: 'A', done: false, ready: true },
    { id: 2, name: 'B', done: false, ready: false },
    { id: 3, name: 'C', done: true, ready: true },
    { id: 4, name: 'D', done: false, ready: true },
  ],
  [{ id: 5, name: 'E', done: false, ready: true }],
];

function Harness({ onRun }: { onRun: (ids: number[]) => void }) {
  const [page, setPage] = useState(0);
  const selection = useRowSelection<number>(String(page));
  const rows = PAGES[page];
  const column = selectionColumn<Row, number>(selection, {
    rowLabel: (r) => `${r.name} を選択`,
    shown: (r) => !r.done,
    enabled: (r) => r.ready,
  });
  return (
    <>
      <SelectionBar
        selection={selection}
        eligible={rows.filter((r) => !r.done && r.ready).map((r) => r.id)}
        selectAllLabel="すべて選択"
      >
        <Button onClick={() => onRun([...selection.ids])} disabled={selection.size === 0}>
          選択した{selection.size}件を処理
        </Button>
      </SelectionBar>
      <Button onClick={() => setPage(1 - page)}>ページを切り替え</Button>
      <TableView<Row>
        label="テスト"
        columns={[column, { label: '名前', render: (r) => r.name }]}
        rows={rows}
        rowTestId="row"
        busy={false}
        pending={false}
        sortBy={null}
        sortDir={null}
        onSort={() => {}}
      />
    </>
  );
}

describe('row selection', () => {
  it('checks rows, selects every eligible one, and forgets them when its scope changes', async () => {
    const user = userEvent.setup();
    const onRun = vi.fn();
    render(
      <AppProviders client={new QueryClient()}>
        <Harness onRun={onRun} />
      </AppProviders>,
    );
    const box = (name: string) => screen.getByRole('checkbox', { name: `${name} を選択` }) as HTMLInputElement;
    expect(screen.queryByRole('checkbox', { name: 'C を選択' })).toBeNull();
    expect(box('B').disabled).toBe(true);
    expect(screen.getByRole('columnheader', { name: '選択' })).toBeTruthy();

    await user.click(box('A'));
    expect(box('A').checked).toBe(true);
    await user.click(screen.getByRole('button', { name: '選択した1件を処理' }));
    expect(onRun).toHaveBeenLastCalledWith([1]);
    await user.click(box('A'));
    expect((screen.getByRole('button', { name: '選択した0件を処理' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'すべて選択' }));
    await user.click(screen.getByRole('button', { name: '選択した2件を処理' }));
    expect(onRun).toHaveBeenLastCalledWith([1, 4]);

    // another page: nothing checked there, and coming back does not bring the old choice back
    await user.click(screen.getByRole('button', { name: 'ページを切り替え' }));
    expect(box('E').checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'ページを切り替え' }));
    expect(box('A').checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'ページを切り替え' }));
    expect(screen.getByRole('button', { name: '選択した0件を処理' })).toBeTruthy();
    await user.click(box('E'));
    await user.click(screen.getByRole('button', { name: 'ページを切り替え' }));
    expect(box('A').checked).toBe(false);
    expect(screen.getByRole('button', { name: '選択した0件を処理' })).toBeTruthy();
  });
});
