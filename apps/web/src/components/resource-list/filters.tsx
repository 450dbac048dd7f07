import { Box, Chip, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateField } from '../DateField';
import { ISO_DATE } from './filter-keys';
import type { FilterSpec, ListFilterApi } from './types';

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
      return <>{spec.render({ values, set })}</>;
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
  // a date goes to the URL once it is one; an emptied field clears it
  const onDate = (key: string) => (value: string) => {
    if (value === '') set(key, null, { replace: true });
    else if (ISO_DATE.test(value)) set(key, value, { replace: true });
  };
  const field = (key: string, label: string) => (
    <DateField
      label={spec.visibleLabels ? label : undefined}
      aria-label={spec.visibleLabels ? undefined : label}
      value={values[key] ?? ''}
      onChange={onDate(key)}
      w={spec.w ?? 160}
      miw={0}
    />
  );
  const from = field(spec.from, spec.fromLabel);
  const to = field(spec.to, spec.toLabel);
  return spec.visibleLabels ? (
    <>
      {from}
      {to}
    </>
  ) : (
    <Range from={from} to={to} />
  );
}

/** Digits only (「10,000」 → 10000); nothing left clears the bound. */
export const amountValue = (text: string) => text.replace(/[^\d]/g, '') || null;

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
    <TextInput
      aria-label={label}
      inputMode="numeric"
      value={values[key] ?? ''}
      onChange={(e) => set(key, amountValue(e.currentTarget.value), { replace: true })}
      w={spec.w ?? 130}
      miw={0}
    />
  );
  return <Range from={field(spec.min, spec.minLabel)} to={field(spec.max, spec.maxLabel)} />;
}
