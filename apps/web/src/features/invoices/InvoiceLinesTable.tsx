import { formatDateJa, formatJPY, type TaxCategory } from '@chobo/core';
import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { num, RATE_BASE_LABELS } from '../transactions/labels';
import { REDUCED_MARK } from './labels';

export interface ReadOnlyLine {
  key: string | number;
  date?: string | null;
  description: string;
  quantity: number;
  unit: string | null;
  unit_price: number;
  tax_category: TaxCategory;
  amount: number;
}

const taxLabel = (c: TaxCategory) =>
  c === '10' ? '10%' : c === '8' ? '8%' : (RATE_BASE_LABELS[c as keyof typeof RATE_BASE_LABELS] ?? c);

/** Lines shown read-only (an issued invoice, the lines of a selected sale); 8% items carry ※. */
export function InvoiceLinesTable({
  lines,
  withDate = false,
  compact = false,
  label,
}: {
  lines: readonly ReadOnlyLine[];
  withDate?: boolean;
  compact?: boolean;
  label: string;
}) {
  const size = compact ? 'xs' : 'sm';
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  if (narrow) {
    // a phone: one block per line (品目 and 金額, then 数量 × 単価・税率) instead of squeezed columns
    return (
      <Stack gap={0} role="list" aria-label={label}>
        {lines.map((l) => (
          <Box
            key={l.key}
            role="listitem"
            data-testid="readonly-line"
            py={6}
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text size={size} style={{ minWidth: 0 }}>
                {l.description}
                {l.tax_category === '8' && (
                  <Text span size={size} c="orange.8" fw={700} ml={4} aria-label="軽減税率対象">
                    {REDUCED_MARK}
                  </Text>
                )}
              </Text>
              <Text size={size} fw={600} style={num}>
                {formatJPY(l.amount)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={num}>
              {withDate && l.date ? `${formatDateJa(l.date)}・` : ''}
              {l.quantity.toLocaleString('ja-JP')}
              {l.unit ?? ''} × {formatJPY(l.unit_price)}・{taxLabel(l.tax_category)}
            </Text>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={compact ? 420 : 560}>
      <Table verticalSpacing={compact ? 4 : 'xs'} fz={size} aria-label={label} withRowBorders={!compact}>
        <Table.Thead>
          <Table.Tr>
            {withDate && <Table.Th w={110}>日付</Table.Th>}
            <Table.Th>品目</Table.Th>
            <Table.Th ta="right" w={90}>
              数量
            </Table.Th>
            <Table.Th ta="right" w={110}>
              単価
            </Table.Th>
            <Table.Th w={60}>税率</Table.Th>
            <Table.Th ta="right" w={120}>
              金額
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.key} data-testid="readonly-line">
              {withDate && <Table.Td style={num}>{l.date ? formatDateJa(l.date) : ''}</Table.Td>}
              <Table.Td>
                <Text span size={size}>
                  {l.description}
                </Text>
                {l.tax_category === '8' && (
                  <Text span size={size} c="orange.8" fw={700} ml={4} aria-label="軽減税率対象">
                    {REDUCED_MARK}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {l.quantity.toLocaleString('ja-JP')}
                {l.unit ?? ''}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {formatJPY(l.unit_price)}
              </Table.Td>
              <Table.Td style={num}>{taxLabel(l.tax_category)}</Table.Td>
              <Table.Td ta="right" style={num}>
                {formatJPY(l.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
