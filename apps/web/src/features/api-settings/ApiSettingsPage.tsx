import { Alert, Anchor, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { effectiveApiBase, getApiBase, normaliseApiBase, setApiBase } from '../../lib/api-base';
import { notifySuccess } from '../../lib/notify';
import { AuthCard } from '../auth/AuthCard';
import { checkApiHealth } from './api';

/** /api-settings: which API the app talks to; change it after GET <base>/api/health answers 200. */
export default function ApiSettingsPage() {
  const [current, setCurrent] = useState(effectiveApiBase);
  const [value, setValue] = useState(() => getApiBase());
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const save = async (input: string) => {
    setError(null);
    const base = normaliseApiBase(input);
    if (base === null) {
      setError('http:// または https:// から始まるURLを入力してください。');
      return;
    }
    setChecking(true);
    try {
      await checkApiHealth(base || window.location.origin);
      setApiBase(base);
      setCurrent(effectiveApiBase());
      setValue(getApiBase());
      notifySuccess('API接続先を保存しました。');
    } catch (e) {
      setError(`接続を確認できませんでした: ${errorMessage(e)}`);
    } finally {
      setChecking(false);
    }
  };

  return (
    <AuthCard title="API接続設定" description="このアプリが通信するAPIサーバーのアドレスです。">
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            現在の接続先
          </Text>
          <Code block data-testid="current-api-base">
            {current}
          </Code>
        </div>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save(value);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="APIのアドレス"
              placeholder={window.location.origin}
              description="空欄にすると、このページと同じアドレスを使います。別のアドレスには、サーバーの設定（API_ALLOWED_ORIGINS）で許可されたものだけ接続できます。"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              autoFocus
            />
            <Group justify="space-between">
              <Button variant="subtle" color="gray" onClick={() => void save('')} disabled={checking}>
                初期値に戻す
              </Button>
              <Button type="submit" loading={checking} leftSection={<IconCheck size={16} />}>
                接続を確認して保存
              </Button>
            </Group>
          </Stack>
        </form>
        <Alert variant="light" color="info">
          APIの仕様は{' '}
          <Anchor href={`${current}/api/docs`} target="_blank" rel="noreferrer" fz="inherit">
            APIリファレンス <IconExternalLink size={12} />
          </Anchor>{' '}
          で確認できます。
        </Alert>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          ログイン画面に戻る
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
