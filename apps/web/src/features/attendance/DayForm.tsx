import { tokyoInstant, tokyoTime } from '@chobo/core';
import { ActionIcon, Alert, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { DateField } from '../../components/fields/DateField';
import { ApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';

export interface DayFormValues {
  date: string;
  clockIn: string;
  clockOut: string;
  /** 退勤 on the next day (a night shift). */
  outNextDay: boolean;
  breaks: { start: string; end: string }[];
  reason: string;
}

export interface DayTimes {
  date: string;
  clock_in: string;
  clock_out: string;
  breaks: { start: string; end: string }[];
  reason: string;
}

/** The form values of a stored day (times read in Tokyo). */
export function toDayFormValues(day?: {
  date: string;
  clock_in: string | null;
  clock_out: string | null;
  breaks: { start: string; end: string | null }[];
}): DayFormValues {
  if (!day)
    return {
      date: '',
      clockIn: '09:00',
      clockOut: '18:00',
      outNextDay: false,
      breaks: [{ start: '12:00', end: '13:00' }],
      reason: '',
    };
  const out = tokyoTime(day.clock_out, day.date);
  return {
    date: day.date,
    clockIn: tokyoTime(day.clock_in) || '09:00',
    clockOut: out.replace('翌', '') || '18:00',
    outNextDay: out.startsWith('翌'),
    breaks: day.breaks.map((b) => ({ start: tokyoTime(b.start), end: tokyoTime(b.end) })),
    reason: '',
  };
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** HH:MM on the work date, or the next day when earlier than the clock-in (a night shift's break). */
function instantAfter(date: string, clockIn: string, hm: string): string {
  return tokyoInstant(hm < clockIn ? nextDay(date) : date, hm);
}

export function toDayTimes(v: DayFormValues): DayTimes {
  return {
    date: v.date,
    clock_in: tokyoInstant(v.date, v.clockIn),
    clock_out: tokyoInstant(v.outNextDay ? nextDay(v.date) : v.date, v.clockOut),
    breaks: v.breaks
      .filter((b) => b.start && b.end)
      .map((b) => ({ start: instantAfter(v.date, v.clockIn, b.start), end: instantAfter(v.date, v.clockIn, b.end) })),
    reason: v.reason,
  };
}

/** The times of one day and the required reason (manager's /create and /edit, an employee's correction request). */
export function DayForm({
  initial,
  submitLabel,
  dateEditable = true,
  onSubmit,
  onCancel,
  reasonLabel = '修正理由',
}: {
  initial: DayFormValues;
  submitLabel: string;
  dateEditable?: boolean;
  onSubmit: (times: DayTimes) => Promise<unknown>;
  onCancel?: () => void;
  reasonLabel?: string;
}) {
  const [v, setV] = useState<DayFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const FIELD_OF: Record<string, string> = { clockIn: 'clock_in', clockOut: 'clock_out', outNextDay: 'clock_out' };
  const set = (patch: Partial<DayFormValues>) => {
    setV((cur) => ({ ...cur, ...patch }));
    // an edited field's message goes away
    setErrors((cur) => {
      const next = { ...cur };
      for (const key of Object.keys(patch)) delete next[FIELD_OF[key] ?? key];
      return next;
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!v.date) local.date = '日付を入力してください';
    if (!v.reason.trim()) local.reason = `${reasonLabel}を入力してください`;
    setErrors(local);
    setMessage(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await onSubmit(toDayTimes(v));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const mapped: Record<string, string> = {};
        for (const [key, list] of Object.entries(error.errors)) {
          const field = key.startsWith('breaks') ? 'breaks' : key;
          mapped[field] ??= list[0];
        }
        setErrors(mapped);
        setMessage(error.message);
      } else if (!(error instanceof ApiError && error.status === 409)) {
        notifyError(error instanceof Error ? error.message : 'エラーが発生しました。');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="出勤記録">
      <Stack gap="md">
        {message && (
          <Alert color="danger" icon={<IconAlertCircle size={16} />}>
            {message}
          </Alert>
        )}
        <DateField
          label="日付"
          required
          disabled={!dateEditable}
          value={v.date}
          onChange={(date) => set({ date })}
          error={errors.date}
          maw={220}
        />
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            type="time"
            label="出勤"
            required
            value={v.clockIn}
            onChange={(e) => set({ clockIn: e.currentTarget.value })}
            error={errors.clock_in}
            w={140}
          />
          <TextInput
            type="time"
            label="退勤"
            required
            value={v.clockOut}
            onChange={(e) => set({ clockOut: e.currentTarget.value })}
            error={errors.clock_out}
            w={140}
          />
          <Checkbox
            mt={{ base: 0, xs: 32 }}
            label="翌日に退勤（夜勤）"
            checked={v.outNextDay}
            onChange={(e) => set({ outNextDay: e.currentTarget.checked })}
          />
        </Group>
        <BreaksEditor breaks={v.breaks} error={errors.breaks} onChange={(breaks) => set({ breaks })} />
        <Textarea
          label={reasonLabel}
          required
          description="変更の履歴に残ります"
          value={v.reason}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          error={errors.reason}
          autosize
          minRows={2}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              キャンセル
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** 休憩: the day's breaks (start 〜 end), added and removed by row. */
function BreaksEditor({
  breaks,
  error,
  onChange,
}: {
  breaks: DayFormValues['breaks'];
  error: string | undefined;
  onChange: (breaks: DayFormValues['breaks']) => void;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        休憩
      </Text>
      {breaks.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Group key={i} gap="xs" wrap="nowrap">
          <TextInput
            type="time"
            aria-label={`休憩${i + 1}の開始`}
            value={b.start}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(breaks.map((x, k) => (k === i ? { ...x, start: value } : x)));
            }}
            maw={140}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Text>〜</Text>
          <TextInput
            type="time"
            aria-label={`休憩${i + 1}の終了`}
            value={b.end}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(breaks.map((x, k) => (k === i ? { ...x, end: value } : x)));
            }}
            maw={140}
            style={{ flex: 1, minWidth: 0 }}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`休憩${i + 1}を削除`}
            onClick={() => onChange(breaks.filter((_, k) => k !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text size="xs" c="danger">
          {error}
        </Text>
      )}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...breaks, { start: '12:00', end: '13:00' }])}
      >
        休憩を追加
      </Button>
    </Stack>
  );
}
