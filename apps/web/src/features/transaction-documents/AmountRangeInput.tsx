import { Box, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/** '12,000' / '１２０００' → '12000'; anything else that is not a whole number → the text as typed. */
export function normaliseYen(text: string): string {
  const half = text.normalize('NFKC').replace(/[,\s円¥]/g, '');
  return /^\d+$/.test(half) ? String(Number(half)) : half;
}

/**
 * One bound of a range kept in the URL: typed text goes to the URL after `delayMs`, a value changed by the
 * URL (back/forward, 条件をクリア) comes back into the box.
 */
function useUrlBoundInput(value: string | null, set: (value: string | null) => void, delayMs = 400) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text, delayMs);
  const setRef = useRef(set);
  setRef.current = set;
  const urlValue = useRef(value);
  urlValue.current = value;
  // what this box has put into the URL and not yet seen come back: those echoes (late, under load) must not
  // overwrite what has been typed since; any other value is a change from outside (back/forward, クリア)
  const pending = useRef(new Set<string | null>());
  useEffect(() => {
    const next = normaliseYen(debounced) || null;
    if (next !== urlValue.current) {
      pending.current.add(next);
      setRef.current(next);
    }
  }, [debounced]);
  useEffect(() => {
    if (pending.current.delete(value)) return;
    pending.current.clear();
    setText((current) => ((normaliseYen(current) || null) === value ? current : (value ?? '')));
  }, [value]);
  return [text, setText] as const;
}

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
