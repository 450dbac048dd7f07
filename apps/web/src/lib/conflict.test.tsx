import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { ApiError } from './api';
import { CONFLICT_TITLE, RELOAD_LABEL, useRecordVersion } from './conflict';

type Rec = { name: string; updated_at: string };
const MESSAGE = 'ほかのユーザーがこの商品を更新しました。画面を再読み込みしてから編集してください';

/** A minimal edit form over the hook: an input keyed on `generation`, a save button. */
function Harness({ save, reload }: { save: (body: Rec) => Promise<Rec>; reload: () => Promise<Rec> }) {
  const [record, setRecord] = useState<Rec>({ name: '最初', updated_at: 'v1' });
  const version = useRecordVersion(record, async () => {
    const fresh = await reload();
    setRecord(fresh);
    return fresh;
  });
  const [name, setName] = useState(record.name);
  return (
    <div>
      {version.alert}
      <input
        key={version.generation}
        aria-label="名前"
        defaultValue={record.name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <button type="button" onClick={() => void version.save((updated_at) => save({ name, updated_at }))}>
        保存
      </button>
    </div>
  );
}

const renderHarness = (save: (body: Rec) => Promise<Rec>, reload: () => Promise<Rec>) =>
  render(
    <MantineProvider theme={theme}>
      <Harness save={save} reload={reload} />
    </MantineProvider>,
  );

describe('useRecordVersion / ConflictAlert', () => {
  it('sends the version read, then the one each save answered', async () => {
    let n = 1;
    const save = vi.fn(async (body: Rec) => ({ ...body, updated_at: `v${++n}` }));
    renderHarness(save, vi.fn());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '保存' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls.map(([b]) => b.updated_at)).toEqual(['v1', 'v2']);
    expect(screen.queryByText(CONFLICT_TITLE)).toBeNull();
  });

  it('a 409 shows the server message and keeps the input; the reload button reads again and refills', async () => {
    const save = vi.fn(async (body: Rec) => {
      if (body.updated_at !== 'v9') throw new ApiError(409, MESSAGE);
      return { ...body, updated_at: 'v10' };
    });
    const reload = vi.fn(async () => ({ name: '他の人の変更', updated_at: 'v9' }));
    renderHarness(save, reload);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: '名前' });
    await user.clear(input);
    await user.type(input, '自分の変更');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    expect(screen.getByText(CONFLICT_TITLE)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '名前' }) as HTMLInputElement).value).toBe('自分の変更');
    expect(reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: RELOAD_LABEL }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
    expect((screen.getByRole('textbox', { name: '名前' }) as HTMLInputElement).value).toBe('他の人の変更');

    // the next save carries the version just read, and goes through
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][0].updated_at).toBe('v9');
  });

  it('other errors are left to the caller', async () => {
    const failing = new ApiError(422, '入力内容に誤りがあります。');
    let caught: unknown = null;
    function Probe() {
      const version = useRecordVersion({ updated_at: 'v1' }, async () => null);
      return (
        <button
          type="button"
          onClick={() =>
            version
              .save(async () => {
                throw failing;
              })
              .catch((e) => {
                caught = e;
              })
          }
        >
          保存
        </button>
      );
    }
    render(
      <MantineProvider theme={theme}>
        <Probe />
      </MantineProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(caught).toBe(failing));
  });
});
