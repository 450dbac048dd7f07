import type { JournalImportResult } from '@chobo/core';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconFileImport, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { accountingKeys, ENTRIES_PATH, importJournalCsv } from './api';
import { downloadFile } from './download';

type ImportResult = JournalImportResult;

/** 仕訳帳 → CSV: the entries of the current filters (keyword, period, account), as the server writes them. */
export function JournalExportButton() {
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(
            ENTRIES_PATH,
            {
              format: 'csv',
              keyword: params.get('keyword'),
              from: params.get('from'),
              to: params.get('to'),
              account_id: params.get('account_id'),
            },
            '仕訳帳.csv',
          );
        } catch (error) {
          notifyError(error instanceof Error ? error.message : 'ダウンロードに失敗しました。');
        } finally {
          setBusy(false);
        }
      }}
    >
      CSV出力
    </Button>
  );
}

/**
 * CSV取り込み: choose a file (UTF-8 or Shift_JIS), check it (dry run: nothing written), then import. A file
 * with any bad row imports nothing; the server's problems are listed by row.
 */
export function JournalImportButton() {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setChecked(null);
    setProblems([]);
  };
  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    reset();
    const body = new FormData();
    body.append('file', file);
    try {
      const { data } = await importJournalCsv(body, dryRun);
      if (dryRun) setChecked(data);
      else {
        notifySuccess(`仕訳 ${data.entries}件（${data.lines}行）を取り込みました`);
        await client.invalidateQueries({ queryKey: accountingKeys.all });
        setOpen(false);
        setFile(null);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const rows = Object.values(error.errors).flat();
        setProblems([error.message, ...rows]);
      } else notifyError(error instanceof Error ? error.message : 'エラーが発生しました。');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" size="sm" leftSection={<IconFileImport size={16} />} onClick={() => setOpen(true)}>
        CSV取り込み
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="仕訳CSVの取り込み" size="lg">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            見出し行（伝票番号,日付,摘要,勘定科目コード,勘定科目,借方金額,貸方金額,税区分,行メモ）のあるCSVを選んでください。
            UTF-8 と Shift_JIS に対応しています。1行でも誤りがあるファイルは何も取り込みません。
          </Text>
          <FileInput
            label="CSVファイル"
            accept=".csv,text/csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              reset();
            }}
            clearable
            leftSection={<IconUpload size={16} />}
          />
          {checked && (
            <Alert color="success" title="取り込めます" data-testid="import-check">
              仕訳 {checked.entries}件（{checked.lines}行、文字コード{' '}
              {checked.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}）
            </Alert>
          )}
          {problems.length > 0 && (
            <Alert color="danger" title={problems[0]} data-testid="import-problems">
              <List size="sm" spacing={2}>
                {problems.slice(1).map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" disabled={!file} loading={busy && !checked} onClick={() => void send(true)}>
              内容を確認
            </Button>
            <Button disabled={!file || !checked} loading={busy && Boolean(checked)} onClick={() => void send(false)}>
              取り込む
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
