import { Button, Stack, Text } from '@mantine/core';

/** A list that failed to load: the error message, and a reload button when `onRetry` is given. */
export function ListErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Stack align="center" p="xl" gap="xs">
      <Text c="danger" size="sm">
        {message}
      </Text>
      {onRetry && (
        <Button variant="light" size="xs" onClick={onRetry}>
          再読み込み
        </Button>
      )}
    </Stack>
  );
}
