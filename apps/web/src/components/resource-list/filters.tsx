import { Box, Chip, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateField } from '../DateField';
import { ISO_DATE } from './filter-keys';
import type { FilterSpec, ListFilterApi } from './types';
import { useUrlDraft } from './url-draft';

type Set = ListFilterApi['set'];

/** One declared filter as its input(s), bound to the URL. */
export function FilterInput({
  spec,
  values,
  set,
  rows,
  narrow,
}: {
  spec: FilterSpec;
  values: Record<string, string | null>;
  set: Set;
  rows: unknown[];
  narrow: boolean;
}) {
  switch (spec.type) {
    case 'select':
      return (
        <Select
          label={spec.label}
          aria-label={spec.ariaLabel}
          placeholder={spec.placeholder}
          data={spec.data}
          value={values[spec.key] ?? null}
          onChange={(v) => set(spec.key, v)}
          clearable={spec.clearable ?? true}
          w={narrow ? undefined : spec.w}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'chips':
      return <ChipsFilter spec={spec} value={values[spec.key] ?? null} set={set} />;
    case 'segmented':
      return (
        <SegmentedControl
          aria-label={spec.ariaLabel}
          size="sm"
          ml="auto"
          value={values[spec.key] ?? 'all'}
          onChange={(v) => set(spec.key, v === 'all' ? null : v)}
          data={[{ value: 'all', label: spec.allLabel ?? 'すべて' }, ...spec.options]}
        />
      );
    case 'dateRange':
      return <DateRange spec={spec} values={values} set={set} />;
    case 'amountRange':
      return <AmountRange spec={spec} values={values} set={set} />;
    case 'customer': {
      const id = values[spec.key] ?? null;
      const Picker = spec.select;
      return (
        <Box style={{ flex: '1 1 200px', maxWidth: narrow ? undefined : (spec.w ?? 260) }}>
          <Picker
            aria-label={spec.ariaLabel}
            placeholder={spec.placeholder}
            value={id ? Number(id) : null}
            currentLabel={id && spec.labelFrom ? spec.labelFrom(rows, id) : null}
            onChange={(next) => set(spec.key, next ? String(next) : null)}
          />
        </Box>
      );
    }
    case 'custom':
      return <>{spec.render({ values, set, narrow })}</>;
  }
}

function ChipsFilter({
  spec,
  value,
  set,
}: {
  spec: Extract<FilterSpec, { type: 'chips' }>;
  value: string | null;
  set: Set;
}) {
  return (
    <Chip.Group multiple={false} value={value ?? 'all'} onChange={(v) => set(spec.key, v === 'all' ? null : v)}>
      <Group gap={6} wrap="wrap" role="radiogroup" aria-label={spec.ariaLabel}>
        <Chip value="all" size="sm" radius="sm" variant="outline">
          {spec.allLabel ?? 'すべて'}
        </Chip>
        {spec.options.map((o) => (
          <Chip key={o.value} value={o.value} size="sm" radius="sm" variant="outline">
            {o.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** 〜 between two fields. */
function Range({ from, to }: { from: ReactNode; to: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      {from}
      <Text size="sm" c="dimmed" pb={8}>
        〜
      </Text>
      {to}
    </Group>
  );
}

function DateRange({
  spec,
  values,
  set,
}: {
  spec: Extract<FilterSpec, { type: 'dateRange' }>;
  values: Record<string, string | null>;
  set: Set;
}) {
  const invalid = Boolean(spec.error?.(values));
  const field = (key: string, label: string) => (
    <UrlDateField
      label={label}
      visibleLabel={spec.visibleLabels}
      value={values[key] ?? null}
      onChange={(v) => set(key, v, { replace: true })}
      invalid={invalid}
      w={spec.w ?? 160}
    />
  );
  const from = field(spec.from, spec.fromLabel);
  const to = field(spec.to, spec.toLabel);
  const error = spec.error?.(values) ?? null;
  const pair = spec.visibleLabels ? (
    <>
      {from}
      {to}
    </>
  ) : (
    <Range from={from} to={to} />
  );
  if (!spec.groupLabel && !error) return pair;
  return (
    <Box role="group" aria-label={spec.groupLabel}>
      {pair}
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}

// a date goes to the URL once it is one; an emptied field clears it
const dateToUrl = (text: string) => (text.trim() === '' ? null : ISO_DATE.test(text) ? text : undefined);

/** A date box bound to one URL value (what is typed stays; a date goes to the URL, debounced). */
export function UrlDateField({
  label,
  visibleLabel,
  value,
  onChange,
  invalid,
  w,
}: {
  label: string;
  visibleLabel?: boolean;
  value: string | null;
  onChange: (value: string | null) => void;
  invalid: boolean;
  w: number;
}) {
  const [text, setText] = useUrlDraft(value, onChange, dateToUrl);
  return (
    <DateField
      label={visibleLabel ? label : undefined}
      aria-label={visibleLabel ? undefined : label}
      placeholder={visibleLabel ? undefined : label}
      quiet
      error={invalid || undefined}
      value={text}
      onChange={setText}
      w={w}
      miw={0}
    />
  );
}

/** Digits only (「10,000」 → 10000); nothing left clears the bound. */
export const amountValue = (text: string) => text.replace(/[^\d]/g, '') || null;

/** 「10,000」「１２０００円」 → '10000'; '' clears the bound; anything else is not a value yet (undefined). */
export const yenToUrl = (text: string) => {
  const half = text.normalize('NFKC').replace(/[,\s円¥]/g, '');
  if (half === '') return null;
  return /^\d+$/.test(half) ? String(Number(half)) : undefined;
};

function UrlAmountField({
  label,
  value,
  onChange,
  w,
}: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  w: number;
}) {
  const [text, setText] = useUrlDraft(value, onChange, yenToUrl, 400);
  return (
    <TextInput
      aria-label={label}
      inputMode="numeric"
      leftSection={<Text size="xs">¥</Text>}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      w={w}
      miw={0}
    />
  );
}

function AmountRange({
  spec,
  values,
  set,
}: {
  spec: Extract<FilterSpec, { type: 'amountRange' }>;
  values: Record<string, string | null>;
  set: Set;
}) {
  const field = (key: string, label: string) => (
    <UrlAmountField
      label={label}
      value={values[key] ?? null}
      onChange={(v) => set(key, v, { replace: true })}
      w={spec.w ?? 130}
    />
  );
  return <Range from={field(spec.min, spec.minLabel)} to={field(spec.max, spec.maxLabel)} />;
}
