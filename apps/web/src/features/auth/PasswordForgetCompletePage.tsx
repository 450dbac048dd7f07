import { Anchor, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard';

export default function PasswordForgetCompletePage() {
  return (
    <AuthCard title="メールを送信しました">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="success">
          <IconMailCheck size={30} />
        </ThemeIcon>
        <Text fw={600}>パスワード再設定用のメールを送信しました。</Text>
        <Text size="sm" c="dimmed">
          メールに記載のリンク（有効期限60分）から新しいパスワードを設定してください。メールが届かない場合は、
          迷惑メールフォルダをご確認のうえ、もう一度お試しください。
        </Text>
        <Anchor component={Link} to="/login">
          ログイン画面に戻る
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
