import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The foot of a record form: キャンセル (back to `cancelTo`) and the submit button, right-aligned. */
export function FormActions({
  cancelTo,
  submitLabel,
  loading,
  children,
}: {
  cancelTo: string;
  submitLabel: ReactNode;
  loading?: boolean;
  /** More buttons between the two (e.g. 保存して次へ). */
  children?: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button component={Link} to={cancelTo} variant="default">
        キャンセル
      </Button>
      {children}
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
