import { formatDateJa, formatJPY, type Transaction } from '@chobo/core';
import { Alert, Box, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { num } from '../transactions/labels';
import { InvoiceLinesTable } from './InvoiceLinesTable';

/**
 * The sales a 合計請求書 bills: the customer's 未請求 sales (and those the invoice already bills) with
 * checkboxes; a checked sale shows its lines read-only.
 */
export function SalesPicker({
  sales,
  selected,
  onChange,
  loading,
  error,
}: {
  sales: readonly Transaction[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  loading: boolean;
  error?: string;
}) {
  if (loading) return <Skeleton height={72} radius="sm" aria-busy />;
  const chosen = new Set(selected);
  const all = sales.length > 0 && sales.every((s) => chosen.has(s.id));
  const some = sales.some((s) => chosen.has(s.id));
  const toggle = (id: number, on: boolean) =>
    onChange(
      on ? sales.filter((s) => s.id === id || chosen.has(s.id)).map((s) => s.id) : selected.filter((x) => x !== id),
    );
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} py="xs" role="alert">
          {error}
        </Alert>
      )}
      {sales.length === 0 ? (
        <Text size="sm" c="dimmed">
          この顧客の未請求の受注取引はありません。下の明細に直接入力して請求できます。
        </Text>
      ) : (
        <>
          <Checkbox
            label={`すべて選択（${sales.length}件）`}
            checked={all}
            indeterminate={some && !all}
            onChange={(e) => onChange(e.currentTarget.checked ? sales.map((s) => s.id) : [])}
          />
          <Stack gap={0} role="list" aria-label="未請求の受注取引">
            {sales.map((s) => {
              const on = chosen.has(s.id);
              return (
                <Box
                  key={s.id}
                  role="listitem"
                  data-testid="sale-option"
                  py="xs"
                  px="sm"
                  style={{
                    borderTop: '1px solid var(--mantine-color-gray-3)',
                    background: on ? 'var(--mantine-color-blue-0)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Checkbox
                      checked={on}
                      onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                      aria-label={`受注取引 No.${s.number} ${s.subject}`}
                      label={
                        <Box component="span" style={{ display: 'block', minWidth: 0 }}>
                          <Text span size="xs" c="dimmed" style={num}>
                            No.{s.number}・{formatDateJa(s.transaction_date)}
                          </Text>
                          <Text size="sm" fw={600} lineClamp={2}>
                            {s.subject}
                          </Text>
                        </Box>
                      }
                      styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { minWidth: 0 } }}
                      style={{ minWidth: 0 }}
                    />
                    <Text size="sm" fw={600} style={num}>
                      {formatJPY(s.totals.total)}
                    </Text>
                  </Group>
                  {on && (
                    <Box pl={{ base: 0, sm: 32 }} pt={4}>
                      <InvoiceLinesTable
                        compact
                        label={`受注取引 No.${s.number} の明細`}
                        lines={s.lines.map((l) => ({ ...l, key: l.line_no }))}
                      />
                    </Box>
                  )}
                </Box>
              );
            })}
          </Stack>
        </>
      )}
    </Stack>
  );
}
