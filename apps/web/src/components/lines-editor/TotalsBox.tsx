import { type DocumentTotals, formatJPY, SALES_LIMIT_MESSAGES } from '@chobo/core';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { num, RATE_BASE_LABELS } from '../../features/transactions/labels';

/**
 * 税率ごとの対象額と消費税、小計・消費税・合計 — the live preview of `documentTotals` (the server's own
 * computation), or a saved transaction's totals.
 */
export function TotalsBox({
  totals,
  modeLabel,
}: {
  totals: DocumentTotals & { overLimit?: boolean };
  modeLabel: string;
}) {
  if (totals.overLimit) {
    return (
      <Paper withBorder radius="md" p="md" bg="red.0" aria-label="合計" component="section" miw={0}>
        <Text size="sm" c="red.8" fw={600} role="alert" data-testid="total-over-limit">
          {SALES_LIMIT_MESSAGES.total}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" aria-label="合計" component="section" miw={0}>
      <Stack gap={6}>
        {totals.by_rate.length === 0 && (
          <Text size="sm" c="dimmed">
            明細を入力すると合計が表示されます
          </Text>
        )}
        {totals.by_rate.map((r) => (
          <Group
            key={r.tax_category}
            justify="space-between"
            gap="xs"
            wrap="nowrap"
            data-testid={`rate-${r.tax_category}`}
          >
            <Text size="sm" c="dimmed">
              {RATE_BASE_LABELS[r.tax_category]}
            </Text>
            <Text size="sm" style={num}>
              {formatJPY(r.base)}
              {r.tax_category === '10' || r.tax_category === '8' ? (
                <Text span size="xs" c="dimmed" ml={8}>
                  消費税 {formatJPY(r.tax)}
                </Text>
              ) : null}
            </Text>
          </Group>
        ))}
        <Divider my={4} />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">小計</Text>
          <Text size="sm" style={num} data-testid="total-subtotal">
            {formatJPY(totals.subtotal)}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">消費税</Text>
          <Text size="sm" style={num} data-testid="total-tax">
            {formatJPY(totals.tax)}
          </Text>
        </Group>
        <Divider my={4} />
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Text fw={700}>
            合計
            <Text span size="xs" c="dimmed" ml={6} fw={400}>
              {modeLabel}
            </Text>
          </Text>
          <Text fw={700} fz={20} style={num} data-testid="total-total">
            {formatJPY(totals.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
