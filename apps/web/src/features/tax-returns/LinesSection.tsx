import { formatJPY, TAX_RETURN_LINE_LABELS, TAX_RETURN_LINE_NUMBERS, type TaxReturnResult } from '@chobo/core';
import { ActionIcon, Badge, Box, Button, Collapse, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconX } from '@tabler/icons-react';
import { NumberField } from '../../components/fields';
import type { TaxReturnDraft } from './api';

/** 別表一 line by line: each amount computed, or typed over (手入力) and kept until cleared. */
export function LinesSection({
  draft,
  change,
  result,
  computed,
  openLine,
  setOpenLine,
}: {
  draft: TaxReturnDraft;
  change: (d: TaxReturnDraft) => void;
  result: TaxReturnResult;
  computed: TaxReturnResult;
  /** the line whose explanation is unfolded (kept by the page) */
  openLine: string | null;
  setOpenLine: (no: string | null) => void;
}) {
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="md" mb={4}>
        別表一 各行の金額
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        金額を書き換えると「手入力」になり、再計算しても保持されます（× で計算値に戻します）。ⓘ
        で計算式と使った金額を表示します。
      </Text>
      <Stack gap={4}>
        {TAX_RETURN_LINE_NUMBERS.map((n) => (
          <LineRow
            key={n}
            no={n}
            value={result.lines[n]}
            computed={computed.lines[n]}
            explanation={result.explanations[n]}
            overridden={draft.overrides[n] !== undefined}
            open={openLine === n}
            onToggle={() => setOpenLine(openLine === n ? null : n)}
            onChange={(v) => {
              const overrides = { ...draft.overrides };
              if (v === null) delete overrides[n];
              else overrides[n] = v;
              change({ ...draft, overrides });
            }}
          />
        ))}
      </Stack>
      {Object.keys(draft.overrides).length > 0 && (
        <Button mt="sm" size="xs" variant="light" color="gray" onClick={() => change({ ...draft, overrides: {} })}>
          手入力をすべて解除
        </Button>
      )}
      <Text size="sm" mt="md" data-testid="defense-tax">
        防衛特別法人税：
        {result.defense_special_corporate_tax.applies
          ? `${formatJPY(result.defense_special_corporate_tax.amount)}（${result.defense_special_corporate_tax.explanation}）`
          : result.defense_special_corporate_tax.explanation}
      </Text>
    </Paper>
  );
}

/** One line: its number and label, the amount (typed over → 手入力), × to clear, ⓘ for the formula. */
function LineRow({
  no,
  value,
  computed,
  explanation,
  overridden,
  open,
  onToggle,
  onChange,
}: {
  no: string;
  value: number;
  computed: number;
  explanation: string;
  overridden: boolean;
  open: boolean;
  onToggle: () => void;
  onChange: (v: number | null) => void;
}) {
  const label = TAX_RETURN_LINE_LABELS[no];
  return (
    <Box
      data-testid={`line-${no}`}
      data-overridden={overridden || undefined}
      p={6}
      style={{
        borderRadius: 4,
        background: overridden ? 'var(--mantine-color-yellow-0)' : undefined,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Badge variant="outline" color="gray" w={34} px={0} style={{ flexShrink: 0 }}>
            {no}
          </Badge>
          <Text size="sm" style={{ minWidth: 0 }}>
            {label}
          </Text>
          {overridden && (
            <Badge color="yellow" variant="filled" size="sm" style={{ flexShrink: 0 }}>
              手入力
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          <NumberField
            aria-label={`${no} ${label}`}
            w={170}
            size="sm"
            allowDecimal={false}
            thousandSeparator=","
            suffix="円"
            styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
            value={value}
            onChange={(v) => {
              if (typeof v === 'number' && Number.isFinite(v)) onChange(Math.trunc(v));
            }}
          />
          {overridden ? (
            <Tooltip label={`計算値（${formatJPY(computed)}）に戻す`}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${no}行目の手入力を解除`}
                onClick={() => onChange(null)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Box w={28} />
          )}
          <Tooltip
            label={explanation}
            multiline
            w={300}
            withArrow
            position="left"
            events={{ hover: true, focus: true, touch: false }}
          >
            <ActionIcon
              variant={open ? 'light' : 'subtle'}
              aria-label={`${no}行目の計算の説明`}
              aria-expanded={open}
              onClick={onToggle}
            >
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Text size="xs" c="dimmed" mt={4} ml={40} data-testid={`explanation-${no}`}>
          {explanation}
        </Text>
      </Collapse>
    </Box>
  );
}
