import { PRODUCT_CSV_HEADER } from '@chobo/core';
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFileTypeCsv } from '@tabler/icons-react';
import { UploadReport } from './UploadReport';
import { useProductUpload } from './use-product-upload';

/**
 * CSV upload: the file is checked first (dry run) and the preview lists every bad row; only a file
 * without errors can be imported (a file with any bad row imports nothing).
 */
export function ProductUploadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { file, step, report, error, busy, hasErrors, check, runImport, close } = useProductUpload(onClose);

  return (
    <Modal opened={opened} onClose={close} title="商品CSVのアップロード" size="xl" closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          1行目は見出し「{PRODUCT_CSV_HEADER.join(',')}」です。文字コードは UTF-8 と Shift_JIS
          のどちらでも読み込めます。商品コードが既にある商品は上書きされます。誤りのある行が1行でもあると、何も取り込みません。
        </Text>
        <FileInput
          label="CSVファイル"
          placeholder="ファイルを選択"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={(f) => void check(f)}
          disabled={busy}
          clearable
        />
        {busy && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">{step === 'checking' ? 'ファイルを確認しています…' : '取り込んでいます…'}</Text>
            <Progress value={100} animated striped aria-label="進行状況" />
          </Stack>
        )}
        {error && (
          <Alert color="danger" icon={<IconAlertCircle size={16} />} role="alert">
            {error}
          </Alert>
        )}
        {report && <UploadReport report={report} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            キャンセル
          </Button>
          <Button
            leftSection={<IconCheck size={16} />}
            onClick={() => void runImport()}
            disabled={!report || hasErrors || busy}
            loading={step === 'importing'}
          >
            {report && !hasErrors ? `${report.total}件を取り込む` : '取り込む'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
