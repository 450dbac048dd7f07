import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { ApiError } from '../../lib/api';
import { CONFLICT_TITLE, RELOAD_LABEL } from '../../lib/conflict';
import { RecordPage, type RecordQuery } from './RecordPage';

type Rec = { id: number; name: string; updated_at: string };

function query(partial: Partial<RecordQuery<Rec>>): RecordQuery<Rec> {
  return { data: undefined, error: null, isError: false, refetch: async () => ({ data: undefined }), ...partial };
}

const wrap = (node: React.ReactNode) =>
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

const page = (q: RecordQuery<Rec>, id: number | null = 1) => (
  <RecordPage
    title="商品の編集"
    noun="商品"
    id={id}
    query={q}
    back={{ to: '/company/products', label: '商品一覧に戻る' }}
  >
    {(record) => <p>{record.name}</p>}
  </RecordPage>
);

describe('RecordPage', () => {
  it('a 404 (and a missing id) is 「…が見つかりません」 with the way back', () => {
    wrap(page(query({ isError: true, error: new ApiError(404, 'Not Found') })));
    expect(screen.getByText('商品が見つかりません')).toBeTruthy();
    expect(screen.getByRole('link', { name: '商品一覧に戻る' }).getAttribute('href')).toBe('/company/products');
  });

  it('no id: not found without a record', () => {
    wrap(page(query({}), null));
    expect(screen.getByText('商品が見つかりません')).toBeTruthy();
  });

  it('another load error shows its message and 再読み込み', () => {
    wrap(page(query({ isError: true, error: new ApiError(500, 'サーバーでエラーが発生しました') })));
    expect(screen.getByText('商品を読み込めませんでした')).toBeTruthy();
    expect(screen.getByText('サーバーでエラーが発生しました')).toBeTruthy();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
  });

  it('while loading: the title and a busy skeleton', () => {
    wrap(page(query({})));
    expect(screen.getByRole('heading', { name: '商品の編集' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
  });

  it('a 409 on save shows the one conflict alert; its button refills from the record read again', async () => {
    const user = userEvent.setup();
    const fresh: Rec = { id: 1, name: '新しい名前', updated_at: '2026-04-02T00:00:00+09:00' };
    const sent: string[] = [];
    function Harness() {
      const [data] = useState<Rec>({ id: 1, name: '最初', updated_at: '2026-04-01T00:00:00+09:00' });
      return (
        <RecordPage
          title="商品の編集"
          noun="商品"
          id={1}
          query={query({ data, refetch: async () => ({ data: fresh }) })}
          back={{ to: '/', label: '戻る' }}
        >
          {(record, version) => (
            <>
              {version.alert}
              <input key={version.generation} aria-label="名前" defaultValue={record.name} />
              <button
                type="button"
                onClick={() =>
                  void version.save(async (updatedAt) => {
                    sent.push(updatedAt);
                    throw new ApiError(409, 'ほかのユーザーがこの商品を更新しました');
                  })
                }
              >
                保存
              </button>
            </>
          )}
        </RecordPage>
      );
    }
    wrap(<Harness />);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(CONFLICT_TITLE)).toBeTruthy();
    expect(screen.getByText('ほかのユーザーがこの商品を更新しました')).toBeTruthy();
    expect(sent).toEqual(['2026-04-01T00:00:00+09:00']);
    await user.click(screen.getByRole('button', { name: RELOAD_LABEL }));
    await waitFor(() => expect((screen.getByLabelText('名前') as HTMLInputElement).value).toBe('新しい名前'));
    expect(screen.queryByText(CONFLICT_TITLE)).toBeNull();
  });
});
