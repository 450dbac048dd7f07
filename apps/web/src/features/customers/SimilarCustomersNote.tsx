import type { CustomerValues } from '@chobo/core';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { type Control, useWatch } from 'react-hook-form';
import { useSimilarCustomers } from './api';
import { editPath } from './CustomerList';
import type { CustomerFormValues } from './form-values';

/**
 * 「同じ顧客が既に登録されています」 under the name: customers with the same name (株式会社, width and spaces
 * aside) or the same 登録番号, each a link (a new tab: nothing typed is lost). A warning — saving stays allowed.
 */
export function SimilarCustomersNote({
  control,
  customerId,
}: {
  control: Control<CustomerFormValues, unknown, CustomerValues>;
  customerId: number | null;
}) {
  const name = useWatch({ control, name: 'name' }) ?? '';
  const registrationNumber = useWatch({ control, name: 'registration_number' }) ?? '';
  // one string, so the debounce compares values (not a new object each render)
  const [debounced] = useDebouncedValue(`${name}\n${registrationNumber}`, 400);
  const [debouncedName = '', debouncedNumber = ''] = debounced.split('\n');
  const similar = useSimilarCustomers(debouncedName, debouncedNumber, customerId);
  const rows = similar.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconUsers size={18} />} title="同じ顧客が既に登録されています">
      <List size="sm" spacing={2}>
        {rows.map((c) => (
          <List.Item key={c.id}>
            <Anchor href={editPath(c.id)} target="_blank" rel="noopener" size="sm">
              {c.name}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {c.matched_by === 'registration_number'
                ? `（登録番号 ${c.registration_number} が同じ）`
                : '（名前が同じ）'}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={6}>
        別の顧客であれば、このまま登録できます。
      </Text>
    </Alert>
  );
}
