import type { AuditVerifyResult } from '@chobo/core';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { verifyAuditLogs } from './api';

/** The answer of 改ざんチェック, shown plainly: all good, or the first row that does not fit its chain. */
export function AuditVerifyResultView({ result }: { result: AuditVerifyResult }) {
  if (result.ok) {
    return (
      <Alert color="success" icon={<IconShieldCheck size={18} />} title="改ざんチェック結果" data-testid="verify-ok">
        改ざんは検出されませんでした（{result.checked.toLocaleString('ja-JP')}件を確認）
      </Alert>
    );
  }
  return (
    <Alert color="danger" icon={<IconAlertTriangle size={18} />} title="改ざんを検出しました" data-testid="verify-ng">
      <Text size="sm" c="danger" fw={700}>
        最初に不整合のあった操作ログ: ID {result.first_bad_id}
      </Text>
      <Text size="sm">
        この記録か、その直前の記録が変更・削除されています（{result.checked.toLocaleString('ja-JP')}件を確認）。
      </Text>
    </Alert>
  );
}

/** 改ざんチェック: recomputes every hash chain on the server (may take a while on large logs). */
export function AuditVerifyPanel({ companyId }: { companyId?: string | null }) {
  const verify = useMutation({
    mutationFn: () => verifyAuditLogs(companyId),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" maw={560}>
            操作ログはハッシュチェーンでつながっています。記録の書き換え・削除がないかを
            {companyId ? `企業ID ${companyId}（0 = システム全体）の記録で` : 'すべての記録で'}確認します。
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
      </Stack>
    </Paper>
  );
}
