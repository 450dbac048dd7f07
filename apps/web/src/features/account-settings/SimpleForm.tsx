import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';

/** The frame of a one-section settings form: server message, fields, submit button. */
export function SettingsFrame({
  label,
  onSubmit,
  serverError,
  submitting,
  submitLabel = '保存する',
  notice,
  children,
}: {
  label: string;
  /** Shown first in the form (the ConflictAlert of a 409). */
  notice?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  serverError?: string;
  submitting: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" maw={640}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="md">
          {notice}
          {serverError && (
            <Alert color="danger" icon={<IconAlertCircle size={16} />} role="alert">
              {serverError}
            </Alert>
          )}
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
