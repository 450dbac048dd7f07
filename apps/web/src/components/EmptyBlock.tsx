import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An honest empty state: an icon, a message, an optional hint and action. */
export function EmptyBlock({
  title,
  description,
  action,
  icon,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        {icon ?? <IconInbox size={30} stroke={1.5} />}
      </ThemeIcon>
      <Text fw={600} mt="xs">
        {title}
      </Text>
      {description && (
        <Text size="sm" c="dimmed" maw={480}>
          {description}
        </Text>
      )}
      {action && <div style={{ marginTop: 8 }}>{action}</div>}
    </Stack>
  );
}
