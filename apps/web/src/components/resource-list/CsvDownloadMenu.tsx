import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';

export type CsvEncoding = 'utf8' | 'sjis';

/** 「CSVダウンロード」 with the encoding menu (UTF-8 with BOM, or Shift_JIS); a failure is notified. */
export function CsvDownloadMenu({
  download,
  menuLabel = '文字コード',
  compact = false,
  label = 'CSVダウンロード',
  compactLabel = 'CSV',
  itemLabels = { utf8: 'UTF-8（BOM付き・推奨）', sjis: 'Shift_JIS（古いExcel向け）' },
}: {
  download: (encoding: CsvEncoding) => Promise<void>;
  menuLabel?: string;
  /** A phone's short 「CSV」 button. */
  compact?: boolean;
  label?: string;
  compactLabel?: string;
  itemLabels?: { utf8: string; sjis: string };
}) {
  const [downloading, setDownloading] = useState(false);
  const run = async (encoding: CsvEncoding) => {
    setDownloading(true);
    try {
      await download(encoding);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size={compact ? 'xs' : 'sm'}
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={downloading}
          aria-label={compact ? label : undefined}
          style={{ flexShrink: 0 }}
        >
          {compact ? compactLabel : label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{menuLabel}</Menu.Label>
        <Menu.Item onClick={() => void run('utf8')}>{itemLabels.utf8}</Menu.Item>
        <Menu.Item onClick={() => void run('sjis')}>{itemLabels.sjis}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
