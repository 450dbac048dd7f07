import { PasswordInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './all-providers';
import { createQueryClient } from './query-client';

describe('theme', () => {
  it('names the controls Mantine and react-dropzone label in English in Japanese', () => {
    render(
      <AppProviders client={createQueryClient()}>
        <PasswordInput label="パスワード" />
        <Dropzone onDrop={() => {}}>ここにファイルをドロップ</Dropzone>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'パスワードを表示する' })).toBeTruthy();
    expect(screen.getByLabelText('ファイルを選択')).toBeTruthy();
    expect(document.body.innerHTML).not.toMatch(/Toggle password visibility|file upload/);
  });
});
