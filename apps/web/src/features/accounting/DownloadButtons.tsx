import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import type { QueryValue } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { downloadFile } from './download';

/** CSV / PDF buttons: the statement's own call with `format=csv|pdf`, through the token-carrying client. */
export function DownloadButtons({
  path,
  query,
  baseName,
}: {
  path: string;
  query: Record<string, QueryValue>;
  baseName: string;
}) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const run = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await downloadFile(path, { ...query, format }, `${baseName}.${format}`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'ダウンロードに失敗しました。');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy === 'csv'}
        onClick={() => void run('csv')}
      >
        CSV
      </Button>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'pdf'}
        onClick={() => void run('pdf')}
      >
        PDF
      </Button>
    </Group>
  );
}
