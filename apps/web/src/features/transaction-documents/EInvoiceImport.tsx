import { type EInvoiceFinding, type EInvoiceImport, formatJPY } from '@chobo/core';
import { Alert, Anchor, Badge, Card, Group, List, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertCircle, IconCircleCheck, IconFileCode } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useImportEInvoices } from './api';
import { documentEditPath } from './labels';

const XML_ACCEPT = { 'application/xml': ['.xml'], 'text/xml': ['.xml'] };

/** The checker's findings of a received e-invoice: rule id and the Japanese explanation. */
export function EInvoiceFindings({ findings }: { findings: readonly EInvoiceFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <List size="sm" spacing={2} data-testid="einvoice-findings">
      {findings.map((f) => (
        <List.Item key={`${f.rule}-${f.message}`}>
          <Text span size="sm" c={f.severity === 'fatal' ? 'red.7' : 'orange.8'}>
            {f.message}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            （{f.rule}）
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** 要確認 beside a document whose e-invoice gave findings. */
export const NeedsReviewBadge = () => (
  <Badge color="orange" variant="light">
    要確認
  </Badge>
);

function ImportResult({ r }: { r: EInvoiceImport }) {
  const d = r.document;
  return (
    <Card withBorder padding="sm" data-testid="einvoice-result">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          {d.needs_review ? (
            <NeedsReviewBadge />
          ) : (
            <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-label="問題なし" />
          )}
          <Anchor component={Link} to={documentEditPath(d.id)} fw={600}>
            {d.customer_name}
          </Anchor>
          <Text size="sm">{formatJPY(d.amount)}</Text>
          <Text size="xs" c="dimmed">
            {r.file_name}
            {r.invoice_number ? `・No.${r.invoice_number}` : ''}
            {r.supplier_created ? '・取引先を新規登録' : ''}
          </Text>
        </Group>
        <EInvoiceFindings findings={d.einvoice_findings ?? []} />
      </Stack>
    </Card>
  );
}

/** The drop zone for received e-invoices (JP PINT XML) on the 発注取引 list, and what the import gave. */
export function EInvoiceImportArea() {
  const imp = useImportEInvoices();
  return (
    <Stack gap="xs" mb="md">
      <Dropzone
        onDrop={(files) => imp.mutate(files)}
        accept={XML_ACCEPT}
        multiple
        loading={imp.isPending}
        radius="md"
        p="md"
        aria-label="電子インボイス（XML）を選択"
        data-testid="einvoice-dropzone"
      >
        <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <IconFileCode size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <div>
            <Text size="sm" fw={600}>
              電子インボイス（JP PINT の XML）をドロップして取り込む
            </Text>
            <Text size="xs" c="dimmed">
              1ファイルごとに発注取引（請求書）として登録し、XMLを原本として保存します。複数選択できます。
            </Text>
          </div>
        </Group>
      </Dropzone>
      {imp.isError && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
          {errorMessage(imp.error)}
        </Alert>
      )}
      {imp.data && (
        <Stack gap="xs" aria-label="取込結果">
          <Text size="sm" fw={600}>
            {imp.data.length}件の電子インボイスを取り込みました
            {imp.data.some((r) => r.document.needs_review) ? '（要確認があります）' : ''}
          </Text>
          {imp.data.map((r) => (
            <ImportResult key={r.document.id} r={r} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
