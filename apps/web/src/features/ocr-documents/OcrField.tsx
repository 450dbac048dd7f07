import { LOW_CONFIDENCE, type OcrDocumentDetail, type OcrFieldKey } from '@chobo/core';
import { Badge, Box, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const FIELD_LABELS: Record<OcrFieldKey, string> = {
  issuer_name: '発行元',
  registration_number: '登録番号',
  transaction_date: '取引日',
  total: '合計金額（税込）',
  taxes: '税率ごとの対象額・消費税額',
  phone: '電話番号',
  document_type: '書類の種類',
};

/** How sure the reading is: 修正済, 読み取れず, 要確認 (below LOW_CONFIDENCE) or 確信度. */
function ConfidenceBadge({ d, k }: { d: OcrDocumentDetail; k: OcrFieldKey }) {
  const f = d.fields?.[k];
  if (!f) return null;
  if (f.corrected) {
    return (
      <Badge size="xs" color="blue" variant="light">
        修正済
      </Badge>
    );
  }
  if (f.value === null) {
    return (
      <Badge size="xs" color="orange" variant="light" leftSection={<IconAlertTriangle size={10} />}>
        読み取れず
      </Badge>
    );
  }
  const pct = Math.round(f.confidence * 100);
  return f.confidence < LOW_CONFIDENCE ? (
    <Badge size="xs" color="orange" variant="filled" leftSection={<IconAlertTriangle size={10} />}>
      要確認 {pct}%
    </Badge>
  ) : (
    <Badge size="xs" color="gray" variant="light">
      確信度 {pct}%
    </Badge>
  );
}

/** One field of the result: its label and confidence, the input, a warning; a low-confidence one stands out. */
export function OcrField({
  d,
  k,
  children,
  warning,
}: {
  d: OcrDocumentDetail;
  k: OcrFieldKey;
  children: ReactNode;
  warning?: string;
}) {
  const low = (d.fields?.[k]?.confidence ?? 0) < LOW_CONFIDENCE && !d.fields?.[k]?.corrected;
  return (
    <Box
      p="xs"
      style={{
        borderLeft: `3px solid var(--mantine-color-${low ? 'orange-5' : 'gray-2'})`,
        background: low ? 'var(--mantine-color-orange-0)' : undefined,
        borderRadius: 4,
      }}
      data-low-confidence={low ? 'true' : undefined}
    >
      <Group justify="space-between" mb={4} gap="xs">
        <Text size="sm" fw={600}>
          {FIELD_LABELS[k]}
        </Text>
        <ConfidenceBadge d={d} k={k} />
      </Group>
      {children}
      {warning && (
        <Text size="xs" c="orange.8" mt={4}>
          {warning}
        </Text>
      )}
    </Box>
  );
}
