import { REGISTRY_STATUS_LABELS } from '@chobo/core';
import { Badge, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Control, useWatch } from 'react-hook-form';
import { useRegistryLookup } from './api';
import type { CustomerFormValues } from './form-values';

/**
 * Beside a typed 登録番号: the name the 国税庁 公表データ holds for it and whether the registration is valid today
 * (取消・失効 in red), or 「公表データにありません」. Nothing while the number is incomplete.
 */
export function RegistryNote({ control }: { control: Control<CustomerFormValues, unknown, unknown> }) {
  const value = useWatch({ control, name: 'registration_number' }) ?? '';
  const [debounced] = useDebouncedValue(String(value), 300);
  const lookup = useRegistryLookup(debounced);
  if (!lookup.isSuccess) return null;
  const entry = lookup.data;
  if (!entry) {
    return (
      <Text size="xs" c="dimmed" data-testid="registry-note">
        公表データにこの登録番号はありません
      </Text>
    );
  }
  const lapsed = !entry.valid_on_date;
  return (
    <Group gap={6} wrap="nowrap" data-testid="registry-note">
      <Badge size="sm" color={lapsed ? 'red' : 'teal'} variant="light">
        {REGISTRY_STATUS_LABELS[entry.status]}
      </Badge>
      <Text size="xs" truncate>
        {entry.name}
        {entry.cancelled_on ? `（${entry.cancelled_on} 取消）` : entry.expired_on ? `（${entry.expired_on} 失効）` : ''}
      </Text>
    </Group>
  );
}
