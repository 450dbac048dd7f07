import { Box, Text, TextInput } from '@mantine/core';
import { useUrlDraft } from '../../components/resource-list';

/** '12,000' / '１２０００' → '12000'; anything else that is not a whole number → the text as typed. */
export function normaliseYen(text: string): string {
  const half = text.normalize('NFKC').replace(/[,\s円¥]/g, '');
  return /^\d+$/.test(half) ? String(Number(half)) : half;
}

/** One bound of a range kept in the URL (typed text kept, normalised yen to the URL after 400 ms). */
const useUrlBoundInput = (value: string | null, set: (value: string | null) => void) =>
  useUrlDraft(value, set, (text) => normaliseYen(text) || null, 400);

/** 金額（下限）〜 金額（上限）, side by side. */
export function AmountRangeInput({
  min,
  max,
  onMin,
  onMax,
  narrow,
  error,
}: {
  min: string | null;
  max: string | null;
  onMin: (v: string | null) => void;
  onMax: (v: string | null) => void;
  narrow: boolean;
  error?: string | null;
}) {
  const [minText, setMin] = useUrlBoundInput(min, onMin);
  const [maxText, setMax] = useUrlBoundInput(max, onMax);
  return (
    <Box>
      <Box
        role="group"
        aria-label="金額の範囲"
        style={{
          display: 'grid',
          gridTemplateColumns: narrow ? 'minmax(0, 1fr) auto minmax(0, 1fr)' : '130px auto 130px',
          alignItems: 'center',
          gap: 6,
        }}
      >
        <TextInput
          aria-label="金額（下限）"
          placeholder="金額 下限"
          inputMode="numeric"
          leftSection={<Text size="xs">¥</Text>}
          value={minText}
          onChange={(e) => setMin(e.currentTarget.value)}
          error={Boolean(error)}
          miw={0}
        />
        <Text size="sm" c="dimmed">
          〜
        </Text>
        <TextInput
          aria-label="金額（上限）"
          placeholder="金額 上限"
          inputMode="numeric"
          leftSection={<Text size="xs">¥</Text>}
          value={maxText}
          onChange={(e) => setMax(e.currentTarget.value)}
          error={Boolean(error)}
          miw={0}
        />
      </Box>
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
