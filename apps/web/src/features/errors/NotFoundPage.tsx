import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ChoboLogo } from '../../components/ChoboLogo';
import { usePageTitle } from '../../components/PageHeader';

export const NOT_FOUND_MESSAGE = 'This page could not be found';

/** Unknown routes (docs/product/SPEC.md §2): the exact 404 message and a link home. */
export function NotFoundPage() {
  usePageTitle('ページが見つかりません');
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p={40} w={520} maw="100%">
        <Stack align="center" gap="md" ta="center">
          <ChoboLogo height={32} />
          <Title order={1} fz={56} c="gray.6">
            404
          </Title>
          <Text fw={600}>{NOT_FOUND_MESSAGE}</Text>
          <Text size="sm" c="dimmed">
            お探しのページは見つかりませんでした。URLをご確認ください。
          </Text>
          <Anchor component={Link} to="/">
            ホームに戻る
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

export default NotFoundPage;
