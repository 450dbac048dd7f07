import { duplicateDocumentDto } from '@chobo/core';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { isApiError } from '../lib/api';

export interface DuplicateMatch {
  message: string;
  id: number;
}

/** The registered document a create matched (409 `{ message, duplicate_of }`), or null for any other error. */
export function duplicateOf(error: unknown): DuplicateMatch | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = duplicateDocumentDto.safeParse(error.body);
  return body.success ? { message: body.data.message, id: body.data.duplicate_of } : null;
}

/**
 * 「同じ書類が既に登録されています」: the match, a link to it (a new tab, so nothing typed is lost) and the
 * choice to register anyway (the create sent again with `confirm_duplicate: true`).
 */
export function DuplicateDocumentAlert({
  match,
  href,
  onConfirm,
  confirming,
}: {
  match: DuplicateMatch;
  href: string;
  onConfirm: () => void;
  confirming?: boolean;
}) {
  return (
    <Alert color="yellow" icon={<IconCopy size={16} />} title="重複の可能性があります" role="alert">
      <Text size="sm">{match.message}</Text>
      <Group mt="sm" gap="md">
        <Anchor href={href} target="_blank" rel="noopener" size="sm">
          登録済みの書類を開く
        </Anchor>
        <Button size="xs" variant="light" color="yellow" onClick={onConfirm} loading={confirming}>
          別の書類として登録する
        </Button>
      </Group>
    </Alert>
  );
}
