import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ChoboLogo } from '../../components/ChoboLogo';
import { usePageTitle } from '../../components/PageHeader';

export const NOT_FOUND_MESSAGE = 'This page could not be found';

/** The 404 card: a Japanese heading, the specification's exact message and a way back. */
function NotFoundCard({ home, withLogo }: { home: string; withLogo: boolean }) {
  usePageTitle('ページが見つかりません');
  return (
    <Paper withBorder shadow="sm" radius="md" p={40} w={520} maw="100%" data-testid="not-found">
      <Stack align="center" gap="md" ta="center">
        {withLogo && <ChoboLogo height={32} />}
        <Text fz={56} fw={700} c="gray.6" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          ページが見つかりません
        </Title>
        <Text fw={600}>{NOT_FOUND_MESSAGE}</Text>
        <Text size="sm" c="dimmed">
          お探しのページは見つかりませんでした。URLをご確認ください。
        </Text>
        <Anchor component={Link} to={home}>
          ホームに戻る
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** Unknown routes outside the signed-in areas (docs/product/SPEC.md §2): the exact 404 message and a link home. */
export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md">
      <NotFoundCard home="/" withLogo />
    </Center>
  );
}

/** Unknown routes under /company or /system: the same card inside the app's frame (sidebar and top bar). */
export function FramedNotFoundPage({ home }: { home: string }) {
  return (
    <Center py="xl">
      <NotFoundCard home={home} withLogo={false} />
    </Center>
  );
}

export default NotFoundPage;
