import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { LogoPicker } from '../../components/LogoPicker';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { loadMe, useMe } from '../../lib/session';
import { accountSettingsApi } from './api';
import { SettingsFrame } from './SimpleForm';

export const MAX_LOGO_BYTES = 1024 * 1024;

/** /logo/edit: the company logo (PNG/JPEG up to 1 MB, checked by content on the server), shown in the sidebar. */
export default function LogoEditPage() {
  const me = useMe();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const preview = file ? URL.createObjectURL(file) : (me?.logo_data ?? null);

  const choose = (f: File | null) => {
    setError(undefined);
    if (f && f.size > MAX_LOGO_BYTES) {
      setError('ファイルサイズは1MB以下にしてください');
      setFile(null);
      return;
    }
    setFile(f);
  };

  return (
    <>
      <PageHeader
        title="ロゴ"
        description="サイドメニューの左上に表示される会社のロゴです。PNG または JPEG、1MBまで。"
      />
      <SettingsFrame
        label="ロゴ"
        serverError={error}
        submitting={saving}
        submitLabel="アップロード"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!file) {
            setError('ファイルを選択してください');
            return;
          }
          setSaving(true);
          try {
            const body = new FormData();
            body.append('file', file);
            await accountSettingsApi.uploadLogo(body);
            await loadMe({ force: true });
            setFile(null);
            notifySuccess('ロゴを登録しました');
          } catch (e) {
            setError(errorMessage(e));
          } finally {
            setSaving(false);
          }
        }}
      >
        <LogoPicker preview={preview} file={file} onChoose={choose} />
        {me?.logo_data && !file && (
          <Group>
            <Button
              variant="subtle"
              color="danger"
              onClick={async () => {
                try {
                  await accountSettingsApi.deleteLogo();
                  await loadMe({ force: true });
                  notifySuccess('ロゴを削除しました');
                } catch (e) {
                  setError(errorMessage(e));
                }
              }}
            >
              ロゴを削除する
            </Button>
          </Group>
        )}
      </SettingsFrame>
    </>
  );
}
