import { formatJPY, type TaxAdjustment } from '@chobo/core';
import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { NumberField } from '../../components/fields';
import type { TaxReturnDraft } from './api';
import { Section } from './Section';

/** 別表四 in short: the book income, the additions and subtractions typed in, the income (line 1). */
export function IncomeSection({
  bookIncome,
  adjustments,
  income,
  onChange,
}: {
  bookIncome: number | null;
  adjustments: TaxAdjustment[];
  income: number;
  onChange: (a: TaxAdjustment[]) => void;
}) {
  const set = (i: number, patch: Partial<TaxAdjustment>) =>
    onChange(adjustments.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <Section
      title="所得金額の計算（別表四の加算・減算）"
      description="税引前当期純利益に、税務上の加算（損金不算入の交際費、損金経理をした法人税等など）と減算を加えて所得金額（1行目）を求めます。"
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm">損益計算書の税引前当期純利益</Text>
          <Text fw={600} data-testid="book-income">
            {bookIncome === null ? '（「帳簿から作成」で読み込みます）' : formatJPY(bookIncome)}
          </Text>
        </Group>
        {adjustments.map((a, i) => (
          <Group
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
            key={i}
            gap="xs"
            wrap="wrap"
            align="flex-end"
          >
            <Select
              aria-label="加算・減算"
              w={90}
              data={[
                { value: 'add', label: '加算' },
                { value: 'subtract', label: '減算' },
              ]}
              value={a.kind}
              allowDeselect={false}
              onChange={(v) => set(i, { kind: (v as TaxAdjustment['kind']) ?? 'add' })}
            />
            <TextInput
              aria-label="項目"
              placeholder="例: 損金不算入の交際費"
              style={{ flex: '1 1 180px' }}
              value={a.label}
              onChange={(e) => set(i, { label: e.currentTarget.value })}
            />
            <NumberField
              aria-label="金額"
              w={160}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              suffix="円"
              value={a.amount}
              onChange={(v) => set(i, { amount: typeof v === 'number' ? v : 0 })}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="この行を削除"
              onClick={() => onChange(adjustments.filter((_, j) => j !== i))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...adjustments, { kind: 'add', label: '', amount: 0 }])}
          >
            加算・減算の行を追加
          </Button>
        </Group>
        <Group justify="space-between" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="sm" fw={600}>
            所得金額（1行目）
          </Text>
          <Text fw={700} data-testid="income">
            {formatJPY(income)}
          </Text>
        </Group>
      </Stack>
    </Section>
  );
}

const INPUT_FIELDS: [keyof TaxReturnDraft['inputs'], string][] = [
  ['interim_corporate_tax', '中間申告分の法人税額'],
  ['interim_local_corporate_tax', '中間申告分の地方法人税額'],
  ['withholding_income_tax', '源泉徴収された所得税の額'],
  ['foreign_tax', '外国税額'],
];

/** 中間申告分 and the withheld income tax: the inputs the books do not hold. */
export function InputsSection({ draft, change }: { draft: TaxReturnDraft; change: (d: TaxReturnDraft) => void }) {
  return (
    <Section
      title="中間申告・所得税額"
      description="中間申告で納付した税額と、預金利息などから源泉徴収された所得税の額です。"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {INPUT_FIELDS.map(([k, label]) => (
          <NumberField
            key={k}
            label={label}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            suffix="円"
            value={draft.inputs[k]}
            onChange={(v) => change({ ...draft, inputs: { ...draft.inputs, [k]: typeof v === 'number' ? v : 0 } })}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
