import { Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MenuLink } from '../app/menu';

/** Cards linking to the modules the user may use. */
export function QuickLinks({ links }: { links: MenuLink[] }) {
  return (
    <SimpleGrid cols={3} spacing="sm">
      {links.map((entry) => {
        const Icon = entry.icon ?? IconLink;
        return (
          <UnstyledButton key={entry.to} component={Link} to={entry.to} aria-label={entry.label}>
            <Paper withBorder radius="md" p="md" style={{ height: '100%' }}>
              <Group wrap="nowrap" gap="sm" justify="space-between">
                <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" color="primary" size={36} radius="md">
                    <Icon size={20} stroke={1.6} />
                  </ThemeIcon>
                  <Text fw={600} size="sm" lineClamp={2}>
                    {entry.label}
                  </Text>
                </Group>
                <IconChevronRight size={16} color="var(--mantine-color-gray-5)" />
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
