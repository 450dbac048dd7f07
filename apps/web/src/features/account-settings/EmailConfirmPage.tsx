import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { getMe, loadMe } from '../../lib/session';
import { confirmEmail } from './api';

/** /email/confirm?token=… (public: opened from the mail) — applies the e-mail change. */
export default function EmailConfirmPage() {
  usePageTitle('メールアドレスの確認');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ done: boolean; email?: string; error?: string }>({ done: false });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmEmail(token)
      .then((res) => {
        setState({ done: true, email: res.data.email });
        if (getMe()) void loadMe({ force: true });
      })
      .catch((e) => setState({ done: true, error: errorMessage(e) }));
  }, [token]);
  return (
    <Paper withBorder radius="md" p="xl" maw={480} mx="auto" mt={80}>
      <Stack gap="md">
        <Title order={2} fz={20}>
          メールアドレスの確認
        </Title>
        {!state.done && <Loader size="sm" />}
        {state.email && (
          <Alert color="green" role="status">
            メールアドレスを {state.email} に変更しました。次回から新しいメールアドレスでログインしてください。
          </Alert>
        )}
        {state.error && (
          <Alert color="danger" role="alert">
            {state.error}
          </Alert>
        )}
        {state.done && (
          <Text size="sm">
            <Button component={Link} to="/" variant="light">
              トップへ
            </Button>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
