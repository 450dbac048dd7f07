import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormSection } from '../../components/FormSection';
import { LogoPicker } from '../../components/LogoPicker';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { COMPANIES_KEY, deleteCompanyLogo, fetchCompanyLogo, uploadCompanyLogo } from './api';

export const MAX_COMPANY_LOGO_BYTES = 1024 * 1024;
const TOO_LARGE = 'ファイルサイズは1MB以下にしてください';

/**
 * The company logo on /system/companies/{id}/edit: PNG or JPEG up to 1 MB (checked by content on the
 * server), stored as companies.logo_data and shown in the company's sidebar.
 */
export function CompanyLogoSection({ companyId }: { companyId: number }) {
  const client = useQueryClient();
  const key = [COMPANIES_KEY, 'logo', companyId];
  const logo = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchCompanyLogo(companyId, signal),
    meta: { silent: true },
    retry: false,
  });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  const preview = objectUrl ?? logo.data ?? null;

  const choose = (f: File | null) => {
    setError(undefined);
    if (f && f.size > MAX_COMPANY_LOGO_BYTES) {
      setError(TOO_LARGE);
      setFile(null);
      return;
    }
    setFile(f);
  };
  const run = async (action: () => Promise<string | null>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      client.setQueryData(key, await action());
      setFile(null);
      notifySuccess(done);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const upload = () => {
    if (!file) {
      setError('ファイルを選択してください');
      return;
    }
    const body = new FormData();
    body.append('file', file);
    return run(() => uploadCompanyLogo(companyId, body), 'ロゴを登録しました');
  };
  const remove = () => run(() => deleteCompanyLogo(companyId), 'ロゴを削除しました');

  return (
    <FormSection title="ロゴ" description="企業のサイドメニューの左上に表示されます。PNG または JPEG、1MBまで。">
      <Stack gap="sm" maw={480}>
        {error && <Alert color="danger">{error}</Alert>}
        <LogoPicker preview={preview} file={file} onChoose={choose} />
        <Group>
          <Button onClick={upload} loading={busy} disabled={!file}>
            ロゴをアップロード
          </Button>
          {logo.data && !file && (
            <Button variant="subtle" color="danger" onClick={remove} disabled={busy}>
              ロゴを削除する
            </Button>
          )}
        </Group>
      </Stack>
    </FormSection>
  );
}
