import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { BookPanel } from './BookPanel';

const idle = { isPending: false, isFetching: false, isPlaceholderData: false, isError: false, error: null };

function show(query: Partial<typeof idle> & { data?: string }, placeholder?: string) {
  const q = { ...idle, data: undefined, ...query };
  return render(
    <MantineProvider theme={theme}>
      <BookPanel
        toolbar={<div>道具</div>}
        query={q}
        data={q.data}
        errorTitle="読み込めませんでした"
        placeholder={placeholder ? <div>{placeholder}</div> : undefined}
      >
        {(d) => <div>中身 {d}</div>}
      </BookPanel>
    </MantineProvider>,
  );
}

describe('BookPanel', () => {
  it('shows the toolbar and the data', () => {
    show({ data: '元帳' });
    expect(screen.getByText('道具')).toBeTruthy();
    expect(screen.getByText('中身 元帳')).toBeTruthy();
  });

  it('shows skeleton rows while loading', () => {
    const { container } = show({ isPending: true, isFetching: true });
    expect(container.querySelector('[aria-busy]')).not.toBeNull();
    expect(screen.queryByText(/中身/)).toBeNull();
  });

  it('names the error when nothing could be read', () => {
    show({ isError: true, error: new Error('通信できません') } as never);
    expect(screen.getByText('読み込めませんでした')).toBeTruthy();
    expect(screen.getByText('通信できません')).toBeTruthy();
  });

  it('keeps the data read before an error', () => {
    show({ isError: true, error: new Error('x'), data: '前の' } as never);
    expect(screen.getByText('中身 前の')).toBeTruthy();
  });

  it('shows the placeholder instead of everything when there is nothing to ask for', () => {
    show({ isPending: true }, '勘定科目を選択してください');
    expect(screen.getByText('勘定科目を選択してください')).toBeTruthy();
    expect(screen.getByText('道具')).toBeTruthy();
  });
});
