import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh, IconUsers } from '@tabler/icons-react';

/**
 * 409 on save: someone saved this record since the form was opened. Shows the server's message and a
 * button that reloads the latest version (the form is then refilled from it).
 * Local for now; to be swapped for the shared conflict component when it lands.
 */
export function ConflictAlert({
  message,
  onReload,
  reloading = false,
}: {
  message: string;
  onReload: () => void;
  reloading?: boolean;
}) {
  return (
    <Alert color="orange" variant="light" icon={<IconUsers size={18} />} title="他の人が先に更新しました" role="alert">
      <Text size="sm" mb="sm">
        {message}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        最新の内容を読み込むと、この画面で入力した変更は破棄されます。
      </Text>
      <Group>
        <Button size="xs" color="orange" leftSection={<IconRefresh size={14} />} loading={reloading} onClick={onReload}>
          最新の内容を読み込む
        </Button>
      </Group>
    </Alert>
  );
}
