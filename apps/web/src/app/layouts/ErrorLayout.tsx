import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ChoboLogo } from '../../components/ChoboLogo';
import { usePageTitle } from '../../components/PageHeader';
import classes from './layout.module.css';

/**
 * Error layout (a request error switched the page): the status and the message ('Error' when there is
 * none); for 404 a link back home.
 */
export function ErrorView({ status, message }: { status: number; message?: string | null }) {
  usePageTitle(`${status} エラー`);
  const text = message?.trim() ? message : 'Error';
  return (
    <div className={classes.publicShell}>
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" radius="md" p={40} w={520} maw="100%">
          <Stack align="center" gap="md" ta="center">
            <ChoboLogo height={32} />
            <Title order={1} fz={56} c="gray.6" data-testid="error-status">
              {status}
            </Title>
            <Text fw={600} data-testid="error-message">
              {text}
            </Text>
            {status === 404 ? (
              <Anchor component={Link} to="/">
                ホームに戻る
              </Anchor>
            ) : (
              <Button variant="light" onClick={() => window.location.reload()}>
                再読み込み
              </Button>
            )}
          </Stack>
        </Paper>
      </Center>
    </div>
  );
}
