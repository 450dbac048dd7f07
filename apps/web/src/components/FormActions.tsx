import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The foot of a record form or dialog: キャンセル (a link back to `cancelTo`, or `onCancel`) and the submit
 * button, right-aligned.
 */
export function FormActions({
  cancelTo,
  onCancel,
  submitLabel,
  loading,
  mt,
  children,
}: {
  cancelTo?: string;
  onCancel?: () => void;
  submitLabel: ReactNode;
  loading?: boolean;
  mt?: MantineSpacing;
  /** More buttons between the two (e.g. 保存して次へ). */
  children?: ReactNode;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      {cancelTo !== undefined ? (
        <Button component={Link} to={cancelTo} variant="default">
          キャンセル
        </Button>
      ) : (
        <Button variant="default" onClick={onCancel}>
          キャンセル
        </Button>
      )}
      {children}
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
