import { Button, Group, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { DateField } from '../../components/fields/DateField';
import type { JournalFormState, TaxInputMode } from './use-journal-form';

/**
 * 日付 and 摘要 of the entry. The date clears its error as it changes; Enter in 摘要 goes on to the first
 * line's 勘定科目.
 */
export function JournalEntryHeader({
  form,
  errors,
  readOnly,
}: Pick<JournalFormState, 'form' | 'errors'> & { readOnly: boolean }) {
  return (
    <Group align="flex-start" gap="md" mb="md" wrap="nowrap">
      <Controller
        control={form.control}
        name="date"
        render={({ field: f }) => (
          <DateField
            ref={f.ref}
            label="日付"
            withAsterisk
            w={170}
            readOnly={readOnly}
            error={errors.date?.message}
            value={f.value}
            onChange={(v) => {
              f.onChange(v);
              form.clearErrors('date');
            }}
            onBlur={f.onBlur}
          />
        )}
      />
      <TextInput
        label="摘要"
        withAsterisk
        placeholder="例: 3月分 事務所家賃"
        style={{ flex: 1 }}
        readOnly={readOnly}
        error={errors.description?.message}
        {...form.register('description')}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.ctrlKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            form.setFocus('lines.0.account_id');
          }
        }}
      />
    </Group>
  );
}

/**
 * 税抜経理's choice of how amounts are typed: 税込入力 (the tax is taken out) or 税抜入力 (it is added). A
 * pointer's choice, set once for a batch: no tab stop, so Tab goes from 摘要 straight to the first line.
 */
export function TaxInputModeControl({
  value,
  onChange,
}: {
  value: TaxInputMode;
  onChange: (mode: TaxInputMode) => void;
}) {
  return (
    <Group gap="xs" mb="xs" data-testid="tax-input-mode">
      <Button.Group aria-label="金額の入力方法">
        {(
          [
            ['inclusive', '税込入力'],
            ['exclusive', '税抜入力'],
          ] as const
        ).map(([mode, label]) => (
          <Button
            key={mode}
            size="compact-xs"
            tabIndex={-1}
            variant={value === mode ? 'filled' : 'default'}
            aria-pressed={value === mode}
            onClick={() => onChange(mode)}
          >
            {label}
          </Button>
        ))}
      </Button.Group>
      <Text size="xs" c="dimmed">
        税抜経理: 課税の税区分の行は消費税を仮払消費税等・仮受消費税等に分けて登録します
      </Text>
    </Group>
  );
}
