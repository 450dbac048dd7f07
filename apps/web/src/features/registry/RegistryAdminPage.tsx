import { REGISTRY_IMPORT_KINDS, REGISTRY_IMPORT_STATUSES, type RegistryImport } from '@chobo/core';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { uploadRegistryFile, useRegistryImports, useRegistrySummary } from './api';

const STATUS_COLOR: Record<RegistryImport['status'], string> = {
  queued: 'gray',
  processing: 'blue',
  imported: 'teal',
  failed: 'red',
};

/** /system/registry: upload the 国税庁's 全件データ / 差分データ (with its signature), see progress, data date, history. */
export default function RegistryAdminPage() {
  const summary = useRegistrySummary();
  const imports = useRegistryImports();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [signature, setSignature] = useState<File | null>(null);
  const [kind, setKind] = useState<'full' | 'diff'>('full');
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!file) return;
    setError(null);
    setSent(0);
    try {
      await uploadRegistryFile(file, signature, kind, (loaded, total) => setSent(total ? (loaded / total) * 100 : 0));
      setFile(null);
      setSignature(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '送信できませんでした');
    } finally {
      setSent(null);
      await client.invalidateQueries({ queryKey: ['registry'] });
    }
  };

  const s = summary.data;
  return (
    <Stack>
      <PageHeader title="登録番号データ（適格請求書発行事業者）" />
      <Card withBorder>
        <Group gap="xl">
          <div>
            <Text size="xs" c="dimmed">
              データの日付
            </Text>
            <Text fw={600} data-testid="registry-data-date">
              {s?.data_date ?? '未取り込み'}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              登録番号の件数
            </Text>
            <Text fw={600}>{s ? s.entries.toLocaleString('ja-JP') : '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              最後の全件データ
            </Text>
            <Text fw={600}>{s?.last_full_date ?? '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              署名の確認
            </Text>
            <Text fw={600}>{s?.signature_key ? '国税庁の公開鍵で確認' : '公開鍵の設定なし'}</Text>
          </div>
        </Group>
      </Card>
      <Card withBorder>
        <Stack>
          <Text fw={600}>ファイルの取り込み</Text>
          <Text size="sm" c="dimmed">
            国税庁の公表サイトからダウンロードしたCSV（UTF-8）またはZIPファイルを選択してください。
          </Text>
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v as 'full' | 'diff')}
            data={Object.entries(REGISTRY_IMPORT_KINDS).map(([value, label]) => ({ value, label }))}
          />
          <FileInput label="データファイル（CSV / ZIP）" value={file} onChange={setFile} accept=".csv,.zip" clearable />
          <FileInput
            label="署名ファイル（.asc / .sig）"
            description={s?.signature_key ? '必須です' : '公開鍵が設定されている場合に確認します'}
            value={signature}
            onChange={setSignature}
            clearable
          />
          {sent !== null && <Progress value={sent} aria-label="送信中" />}
          {error && <Alert color="red">{error}</Alert>}
          <Group>
            <Button onClick={submit} disabled={!file || sent !== null} loading={sent !== null}>
              取り込む
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Text fw={600} mb="sm">
          取り込み履歴
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="registry-imports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>日時</Table.Th>
                <Table.Th>種類</Table.Th>
                <Table.Th>ファイル</Table.Th>
                <Table.Th>状態</Table.Th>
                <Table.Th>行数</Table.Th>
                <Table.Th>データの日付</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(imports.data ?? []).map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{new Date(i.created_at).toLocaleString('ja-JP')}</Table.Td>
                  <Table.Td>{REGISTRY_IMPORT_KINDS[i.kind]}</Table.Td>
                  <Table.Td>{i.file_name}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[i.status]} variant="light">
                      {REGISTRY_IMPORT_STATUSES[i.status]}
                    </Badge>
                    {i.status === 'processing' && i.rows_total > 0 && (
                      <Progress mt={4} value={(i.rows_done / i.rows_total) * 100} aria-label="取り込み中" />
                    )}
                    {i.error && (
                      <Text size="xs" c="red">
                        {i.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {i.rows_done.toLocaleString('ja-JP')} / {i.rows_total.toLocaleString('ja-JP')}
                    {i.status === 'imported' && (
                      <Text size="xs" c="dimmed">
                        更新 {i.rows_changed.toLocaleString('ja-JP')}・削除 {i.rows_deleted.toLocaleString('ja-JP')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{i.data_date ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
