import { Group, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

export const APP_NAME = 'Chobo（帳簿）';

export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} | ${APP_NAME}` : APP_NAME);
}

/** Page title (also the document title), an optional description and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  mb = 'lg',
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  mb?: MantineSpacing | 0;
}) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb={mb} wrap="nowrap" data-page-header>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={2} fz={22}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm" component="div">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="sm" data-page-header-actions>
          {actions}
        </Group>
      )}
    </Group>
  );
}
