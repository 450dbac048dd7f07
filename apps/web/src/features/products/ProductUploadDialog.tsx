import { formatJPY, PRODUCT_CSV_HEADER, type ProductUploadReport, TAX_CATEGORY_LABELS } from '@chobo/core';
import { Alert, Badge, Button, FileInput, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { productKeys, uploadProductsCsv } from './api';

type Step = 'choose' | 'checking' | 'preview' | 'importing';

/**
 * CSV upload: the file is checked first (dry run) and the preview lists every bad row; only a file
 * without errors can be imported (a file with any bad row imports nothing).
 */
export function ProductUploadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const [report, setReport] = useState<ProductUploadReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setStep('choose');
    setReport(null);
    setError(null);
  };
  const close = () => {
    if (step === 'checking' || step === 'importing') return;
    reset();
    onClose();
  };

  const check = async (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setError(null);
    if (!chosen) return;
    setStep('checking');
    try {
      setReport(await uploadProductsCsv(chosen, true));
      setStep('preview');
    } catch (e) {
      setError(errorMessage(e));
      setStep('choose');
    }
  };

  const runImport = async () => {
    if (!file) return;
    setStep('importing');
    try {
      const result = await uploadProductsCsv(file, false);
      await client.invalidateQueries({ queryKey: productKeys.all });
      notifySuccess(`${result.added}件を追加、${result.updated}件を更新しました`, 'CSVを取り込みました');
      reset();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setStep('preview');
    }
  };

  const busy = step === 'checking' || step === 'importing';
  const hasErrors = (report?.errors.length ?? 0) > 0;

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
        {report && (
          <Stack gap="sm">
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {report.total}行
              </Badge>
              <Badge variant="light" color="primary">
                追加 {report.added}件
              </Badge>
              <Badge variant="light" color="secondary">
                更新 {report.updated}件
              </Badge>
              {hasErrors && (
                <Badge variant="filled" color="danger">
                  誤り {report.errors.length}行
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                文字コード: {report.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}
              </Text>
            </Group>
            {hasErrors ? (
              <>
                <Alert color="danger" icon={<IconAlertCircle size={16} />} title="誤りのある行があります">
                  次の行を直してから、もう一度ファイルを選択してください。このままでは取り込めません。
                </Alert>
                <ScrollArea.Autosize mah={260}>
                  <Table aria-label="誤りのある行" fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={70}>行</Table.Th>
                        <Table.Th w={140}>商品コード</Table.Th>
                        <Table.Th>内容</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {report.errors.map((e) => (
                        <Table.Tr key={e.line} data-testid="upload-error-row">
                          <Table.Td>{e.line}行目</Table.Td>
                          <Table.Td>{e.code ?? ''}</Table.Td>
                          <Table.Td>
                            {e.messages.map((m) => (
                              <Text key={m} size="sm" c="danger">
                                {m}
                              </Text>
                            ))}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </>
            ) : (
              <ScrollArea.Autosize mah={260}>
                <Table aria-label="取り込む商品" fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>行</Table.Th>
                      <Table.Th w={120}>商品コード</Table.Th>
                      <Table.Th>商品名</Table.Th>
                      <Table.Th ta="right">単価</Table.Th>
                      <Table.Th>税区分</Table.Th>
                      <Table.Th>処理</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.rows.map((r) => (
                      <Table.Tr key={r.line}>
                        <Table.Td>{r.line}</Table.Td>
                        <Table.Td>{r.code}</Table.Td>
                        <Table.Td>{r.name}</Table.Td>
                        <Table.Td ta="right">{formatJPY(r.unit_price)}</Table.Td>
                        <Table.Td>{TAX_CATEGORY_LABELS[r.tax_category]}</Table.Td>
                        <Table.Td>{r.action === 'add' ? '追加' : '更新'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {report.rows.length < report.total && (
                  <Text size="xs" c="dimmed" mt={4}>
                    先頭の{report.rows.length}行を表示しています。
                  </Text>
                )}
              </ScrollArea.Autosize>
            )}
          </Stack>
        )}
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
