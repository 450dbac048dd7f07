import { type AuditVerifyResult, formatDateTimeJa } from '@chobo/core';
import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { AuditCheckpointPanel } from './AuditCheckpointPanel';
import { verifyAuditLogs } from './api';

/** What the check compared with: the signing keys, the unsigned rows of before, the checkpoint. */
function CheckedAgainst({ result }: { result: AuditVerifyResult }) {
  const cp = result.checkpoint;
  return (
    <Text size="xs" c="dimmed" data-testid="verify-against">
      署名鍵: {result.key_ids.length > 0 ? result.key_ids.join('、') : 'なし'}
      {result.unsigned > 0 && ` ／ 署名開始前の記録: ${result.unsigned.toLocaleString('ja-JP')}件`}
      {' ／ '}
      {cp
        ? `チェックポイント: ${formatDateTimeJa(cp.at)}（${cp.rows.toLocaleString('ja-JP')}件）`
        : 'チェックポイント: なし'}
    </Text>
  );
}

/** The answer of 改ざんチェック, shown plainly: all good, or what does not fit (rows, chains, the checkpoint). */
export function AuditVerifyResultView({ result }: { result: AuditVerifyResult }) {
  if (result.ok) {
    return (
      <Alert color="success" icon={<IconShieldCheck size={18} />} title="改ざんチェック結果" data-testid="verify-ok">
        改ざんは検出されませんでした（{result.checked.toLocaleString('ja-JP')}件を確認）
        <CheckedAgainst result={result} />
      </Alert>
    );
  }
  return (
    <Alert color="danger" icon={<IconAlertTriangle size={18} />} title="改ざんを検出しました" data-testid="verify-ng">
      <Stack gap={6}>
        {result.first_bad_id !== null && (
          <Text size="sm" c="danger" fw={700}>
            最初に不整合のあった操作ログ: ID {result.first_bad_id}
          </Text>
        )}
        <List size="sm" spacing={2} data-testid="verify-problems">
          {result.problems.map((p) => (
            <List.Item key={`${p.company_id}-${p.id}-${p.reason}`}>
              {p.id !== null && `ID ${p.id}: `}
              {p.reason}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{result.checked.toLocaleString('ja-JP')}件を確認しました。</Text>
        <CheckedAgainst result={result} />
      </Stack>
    </Alert>
  );
}

/** 改ざんチェック: recomputes every hash chain and signature on the server (may take a while on large logs). */
export function AuditVerifyPanel({ companyId }: { companyId?: string | null }) {
  const verify = useMutation({
    mutationFn: () => verifyAuditLogs(companyId),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" maw={560}>
            操作ログはハッシュチェーンでつながり、データベースの外にある鍵で署名されています。記録の書き換え・削除がないかを
            {companyId ? `企業ID ${companyId}（0 = システム全体）の記録で` : 'すべての記録で'}
            、最新のチェックポイントと照らして確認します。
          </Text>
          <Button
            leftSection={<IconShieldCheck size={16} />}
            onClick={() => verify.mutate()}
            loading={verify.isPending}
          >
            改ざんチェック
          </Button>
        </Group>
        {verify.isError && (
          <Alert color="danger" title="改ざんチェックを実行できませんでした">
            {errorMessage(verify.error)}
          </Alert>
        )}
        {verify.data && <AuditVerifyResultView result={verify.data} />}
        <AuditCheckpointPanel />
      </Stack>
    </Paper>
  );
}
