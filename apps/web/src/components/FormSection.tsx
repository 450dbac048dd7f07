import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a form. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} fz={16} mb={description ? 2 : 'md'}>
        {title}
      </Title>
      {description && (
        <Text size="xs" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
