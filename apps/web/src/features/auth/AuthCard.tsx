import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChoboLogo } from '../../components/ChoboLogo';
import { usePageTitle } from '../../components/PageHeader';

/** The centred card of the sign-in and password pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Center mih="100vh" p="md">
      <Stack w={420} maw="100%" gap="md">
        <Center>
          <ChoboLogo height={44} />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p={32}>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} fz={22} ta="center">
                {title}
              </Title>
              {description && (
                <Text size="sm" c="dimmed" ta="center">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        <Group justify="center" gap="lg">
          <Anchor component={Link} to="/api-settings" size="xs" c="dimmed">
            API接続設定
          </Anchor>
          <Text size="xs" c="dimmed">
            © Chobo（帳簿）
          </Text>
        </Group>
      </Stack>
    </Center>
  );
}
