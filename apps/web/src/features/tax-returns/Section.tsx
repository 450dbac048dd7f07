import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of the return screen. */
export function Section({
  title,
  children,
  description,
}: {
  title: string;
  children: ReactNode;
  description?: string;
}) {
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="md" mb={description ? 4 : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="xs" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
