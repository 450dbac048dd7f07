import type { BankRow } from '@chobo/core';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useRevertImport } from './api';
import { RowEditModal } from './RowEditModal';

/** What a confirm (or a revert) could not do, one message a row. */
export interface Failure {
  id: number;
  message: string;
}

export function Failures({ failed }: { failed: Failure[] }) {
  if (failed.length === 0) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={16} />} title="確定できなかった明細があります">
      {failed.map((f) => (
        <Text size="sm" key={f.id}>
          {f.message}
        </Text>
      ))}
    </Alert>
  );
}

/** The row being edited (the pencil of a row), in its dialog. */
export function RowEditDialog({
  importId,
  row,
  onClose,
}: {
  importId: number;
  row: BankRow | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={row !== null} onClose={onClose} title="明細の勘定科目の変更">
      {row && <RowEditModal key={row.id} importId={importId} row={row} onClose={onClose} />}
    </Modal>
  );
}

/** 取り込みの取り消し: the rows and the entries made from them go (closed periods get a reversing entry). */
export function RevertDialog({
  importId,
  opened,
  onClose,
  onFailed,
}: {
  importId: number;
  opened: boolean;
  onClose: () => void;
  onFailed: (failed: Failure[]) => void;
}) {
  const revert = useRevertImport(importId);
  const run = async () => {
    try {
      const r = await revert.mutateAsync();
      notifySuccess(
        `明細${r.removed_rows}件と仕訳${r.withdrawn_entries}件を取り消しました${r.kept_entries ? `（ほかの書類から作成された仕訳${r.kept_entries}件は残しました）` : ''}`,
      );
    } catch (e) {
      onFailed([{ id: 0, message: errorMessage(e) }]);
    }
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="取り込みの取り消し">
      <Stack>
        <Text size="sm">
          この取り込みの明細と、明細から作成した仕訳を削除します（締めた期間の仕訳は逆仕訳を登録します）。よろしいですか？
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            キャンセル
          </Button>
          <Button color="red" loading={revert.isPending} onClick={run}>
            取り消す
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
