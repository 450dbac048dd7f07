import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { usePageTitle } from '../components/PageHeader';
import { ApiError } from '../lib/api';
import { isChunkLoadError } from '../lib/chunk-reload';

export const PAGE_CRASH_MESSAGE = '画面の表示中にエラーが発生しました';

/**
 * Errors that belong to the root's error layout (docs/product/SPEC.md §8: a navigation error shows the
 * error page with its status; a stale chunk reloads): a request's or a loader's answer, a chunk that failed.
 */
export function isNavigationError(error: unknown): boolean {
  return isRouteErrorResponse(error) || error instanceof ApiError || isChunkLoadError(error);
}

/**
 * The error element of every page route: a crash while a page renders stays inside the app's frame (the
 * sidebar and the top bar remain), in Japanese, with 再読み込み and ホームへ. Navigation errors are thrown on
 * to the root's RouteErrorBoundary, which keeps the specification's error layout.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isNavigationError(error)) throw error;
  return <PageCrash />;
}

function PageCrash() {
  usePageTitle('エラー');
  const { pathname } = useLocation();
  const home = pathname.startsWith('/system') ? '/system' : '/company';
  return (
    <Center py="xl" px="md">
      <Paper withBorder radius="md" p="xl" w={560} maw="100%" data-testid="page-crash">
        <Stack gap="md">
          <Title order={1} fz="h3">
            {PAGE_CRASH_MESSAGE}
          </Title>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />}>
            入力中の内容は保存されていない可能性があります。再読み込みしても直らない場合は、ホームから操作をやり直してください。
          </Alert>
          <Text size="sm" c="dimmed">
            問題が続く場合は、管理者にお問い合わせください。
          </Text>
          <Group>
            <Button onClick={() => window.location.reload()}>再読み込み</Button>
            <Button component={Link} to={home} variant="default">
              ホームへ
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
