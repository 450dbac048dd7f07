import { type ConsumptionTaxComparison, type ConsumptionTaxMethod, formatJPY } from '@chobo/core';
import { Badge, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { Section } from './Section';

/** What a method's total says: to pay, refunded, or nothing. */
export function payableText(total: number | null): string {
  if (total === null) return '—';
  if (total < 0) return `還付 ${formatJPY(-total)}`;
  return `納付 ${formatJPY(total)}`;
}

/**
 * 一般課税 / 簡易課税 / 2割特例 side by side with what each would cost (消費税と地方消費税の合計), the cheapest
 * marked, the ones the law does not allow greyed with the reason; choosing one changes this year's method.
 */
export function CtaxMethodsSection({
  comparison,
  method,
  onChoose,
}: {
  comparison: ConsumptionTaxComparison;
  method: ConsumptionTaxMethod;
  onChoose: (m: ConsumptionTaxMethod) => void;
}) {
  return (
    <Section
      title="課税方式の比較"
      description="帳簿の金額で3つの方式を計算した納付額（消費税＋地方消費税）です。使えない方式は理由を表示しています。"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {comparison.map((c) => {
          const chosen = c.method === method;
          return (
            <Paper
              key={c.method}
              withBorder
              p="sm"
              data-testid={`method-${c.method}`}
              aria-disabled={!c.allowed}
              style={{
                opacity: c.allowed ? 1 : 0.55,
                background: c.allowed ? undefined : 'var(--mantine-color-gray-1)',
                borderColor: chosen ? 'var(--mantine-color-blue-6)' : undefined,
                borderWidth: chosen ? 2 : undefined,
              }}
            >
              <Group justify="space-between" gap={4} wrap="wrap">
                <Text fw={700}>{c.label}</Text>
                <Group gap={4}>
                  {c.cheapest && c.allowed && (
                    <Badge color="green" variant="filled">
                      最も有利
                    </Badge>
                  )}
                  {chosen && <Badge variant="light">選択中</Badge>}
                  {!c.allowed && (
                    <Badge color="gray" variant="light">
                      適用できません
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text size="lg" fw={700} mt={4} data-testid={`method-total-${c.method}`}>
                {c.allowed ? payableText(c.total_payable) : '—'}
              </Text>
              {!c.allowed && c.total_payable !== null && (
                <Text size="xs" mt={2} data-testid={`method-reference-${c.method}`}>
                  届出を変えた場合（参考）: {payableText(c.total_payable)}
                </Text>
              )}
              {c.reason && (
                <Text size="xs" c="dimmed" mt={4}>
                  {c.reason}
                </Text>
              )}
              {c.allowed && !chosen && (
                <Button size="xs" variant="light" mt="xs" onClick={() => onChoose(c.method)}>
                  この方式で作成
                </Button>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}
