import { fiscalYearLabel } from '@chobo/core';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useFiscalYears } from './api';
import type { Period } from './types';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 期間: a fiscal year from the list, or any range typed in the two date fields (applied with 表示).
 * `shown` is the period the server actually answered for (the current fiscal year when none is given).
 */
export function PeriodPicker({
  from,
  to,
  shown,
  onChange,
  companyId = null,
}: {
  from: string | null;
  to: string | null;
  shown: Period | null | undefined;
  onChange: (from: string | null, to: string | null) => void;
  companyId?: number | null;
}) {
  const years = useFiscalYears(companyId);
  const [draftFrom, setDraftFrom] = useState(from ?? shown?.from ?? '');
  const [draftTo, setDraftTo] = useState(to ?? shown?.to ?? '');
  useEffect(() => {
    setDraftFrom(from ?? shown?.from ?? '');
    setDraftTo(to ?? shown?.to ?? '');
  }, [from, to, shown?.from, shown?.to]);

  const current = from ?? shown?.from;
  const currentTo = to ?? shown?.to;
  const matching = (years.data ?? []).find((y) => y.start_date === current && y.end_date === currentTo);
  const valid = ISO.test(draftFrom) && ISO.test(draftTo) && draftFrom <= draftTo;
  const dirty = draftFrom !== (current ?? '') || draftTo !== (currentTo ?? '');

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        aria-label="会計年度"
        placeholder="会計年度"
        w={170}
        data={(years.data ?? []).map((y) => ({
          value: String(y.id),
          label: `${fiscalYearLabel(y.end_date)}${y.status === 'closed' ? '（締め済）' : ''}`,
        }))}
        value={matching ? String(matching.id) : null}
        onChange={(id) => {
          const year = years.data?.find((y) => String(y.id) === id);
          if (year) onChange(year.start_date, year.end_date);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        type="date"
        aria-label="開始日"
        w={150}
        value={draftFrom}
        onChange={(e) => setDraftFrom(e.currentTarget.value)}
      />
      <Text size="sm" c="dimmed" pb={8}>
        〜
      </Text>
      <TextInput
        type="date"
        aria-label="終了日"
        w={150}
        value={draftTo}
        onChange={(e) => setDraftTo(e.currentTarget.value)}
      />
      <Button variant="light" disabled={!valid || !dirty} onClick={() => onChange(draftFrom, draftTo)}>
        表示
      </Button>
    </Group>
  );
}
