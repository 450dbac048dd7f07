import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from './api';
import { notifyError } from './notify';

export const CONFLICT_TITLE = 'ほかのユーザーが更新しました';
export const RELOAD_LABEL = '最新の内容を読み込む';

/**
 * The 409 of an edit (someone saved the record after this form read it): the server's message and a
 * button that reads the record again and refills the form — the user's unsaved input goes only then.
 */
export function ConflictAlert({
  message,
  onReload,
  reloading,
}: {
  message: string;
  onReload: () => void;
  reloading: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <Alert ref={ref} color="warning" variant="light" title={CONFLICT_TITLE} role="alert" data-testid="conflict-alert">
      <Text size="sm" mb="sm">
        {message}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        読み込むと、この画面でまだ保存していない入力は破棄されます。
      </Text>
      <Group>
        <Button size="xs" leftSection={<IconRefresh size={14} />} loading={reloading} onClick={onReload}>
          {RELOAD_LABEL}
        </Button>
      </Group>
    </Alert>
  );
}

/** Whether an error is the 409 of a stale edit. */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

export interface ConflictNotice {
  /** Shows a 409 in the alert (true), or leaves any other error to the caller (false). */
  handle(error: unknown): boolean;
  /** The conflict message while one is shown. */
  conflict: string | null;
  /** The ConflictAlert while a 409 is shown, else null. */
  alert: ReactNode;
  clear(): void;
}

/**
 * The 409 part alone, for edits that are not one form (the chart of accounts' inline rename, reorder and
 * deactivate): the alert's button runs `reload` (read the data again) and hides it.
 */
export function useConflictNotice(reload: () => Promise<unknown>): ConflictNotice {
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const onReload = useCallback(async () => {
    setReloading(true);
    try {
      await reloadRef.current();
      setConflict(null);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : '読み込みに失敗しました。');
    } finally {
      setReloading(false);
    }
  }, []);
  const handle = useCallback((error: unknown) => {
    if (!isConflict(error)) return false;
    setConflict((error as Error).message);
    return true;
  }, []);
  const clear = useCallback(() => setConflict(null), []);
  return {
    handle,
    conflict,
    clear,
    alert: conflict ? (
      <ConflictAlert message={conflict} onReload={() => void onReload()} reloading={reloading} />
    ) : null,
  };
}

export interface RecordVersion {
  /** The updated_at to send with the next save (what the form shows was read at this version). */
  current(): string | null;
  /**
   * Runs a save with the current version. Success: the form now holds the version the server answered
   * (a second save from the same form works). 409: shown in the alert, resolves null. Anything else throws.
   */
  save<R extends { updated_at: string }>(fn: (updatedAt: string) => Promise<R>): Promise<R | null>;
  /**
   * This form's own unversioned change of the same record (a logo upload) moved its updated_at: take the
   * version the server answered so the next save is not refused for it.
   */
  adopt(updatedAt: string): void;
  /** Shows a 409 of another action on the record (issuing an invoice) in the alert (true), or not (false). */
  handle(error: unknown): boolean;
  /** Bumped when the record is read again: use in the form's `key` so it refills from the fresh record. */
  generation: number;
  /** The conflict message while one is shown. */
  conflict: string | null;
  /** The ConflictAlert while a 409 is shown, else null: render it at the top of the form. */
  alert: ReactNode;
}

/**
 * Optimistic concurrency for an edit form, built once: the form sends back the `updated_at` of the record
 * it loaded; on a 409 it shows <ConflictAlert>, whose button calls `reload` (re-read the record and answer
 * it) and refills the form (`generation`).
 */
export function useRecordVersion<T extends { updated_at: string }>(
  record: T | null | undefined,
  reload: () => Promise<T | null | undefined>,
): RecordVersion {
  const version = useRef<string | null>(null);
  if (version.current === null && record) version.current = record.updated_at;
  const [generation, setGeneration] = useState(0);
  const notice = useConflictNotice(async () => {
    const fresh = await reload();
    if (fresh) version.current = fresh.updated_at;
    setGeneration((g) => g + 1);
  });
  const { handle, clear } = notice;

  const save = useCallback(
    async <R extends { updated_at: string }>(fn: (updatedAt: string) => Promise<R>) => {
      try {
        const saved = await fn(version.current ?? '');
        version.current = saved.updated_at;
        clear();
        return saved;
      } catch (error) {
        if (handle(error)) return null;
        throw error;
      }
    },
    [handle, clear],
  );

  return {
    current: () => version.current,
    save,
    adopt: (updatedAt: string) => {
      version.current = updatedAt;
    },
    handle,
    generation,
    conflict: notice.conflict,
    alert: notice.alert,
  };
}
