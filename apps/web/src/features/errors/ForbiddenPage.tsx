import { Anchor, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/PageHeader';

/** /error-forbidden: where guards send a user without the route's permission. */
export default function ForbiddenPage() {
  usePageTitle('アクセス権限がありません');
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p={40} w={520} maw="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="danger">
            <IconLock size={34} stroke={1.5} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            アクセス権限がありません
          </Title>
          <Text c="dimmed" size="sm">
            このページを表示する権限がありません。必要な場合は管理者にお問い合わせください。
          </Text>
          <Anchor component={Link} to="/">
            ホームに戻る
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
