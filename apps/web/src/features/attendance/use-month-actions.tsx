import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type AttendanceCsvKind, downloadAttendanceCsv, useMonthClose } from './api';
import { monthLabel } from './month';

/** The manager's actions on a month: 月締め (or its undoing) after a confirmation, and the CSV. */
export function useMonthActions(month: string, locked: boolean) {
  const closeMonth = useMonthClose();

  const confirmClose = () =>
    modals.openConfirmModal({
      title: locked ? `${monthLabel(month)}の締めを解除` : `${monthLabel(month)}を締める`,
      children: (
        <Text size="sm">
          {locked
            ? '締めを解除すると、この月の打刻と編集ができるようになります。'
            : '締めた月は打刻・編集・修正申請ができなくなります（解除は企業の管理者が行えます）。'}
        </Text>
      ),
      labels: { confirm: locked ? '解除する' : '締める', cancel: 'キャンセル' },
      onConfirm: async () => {
        try {
          await closeMonth.mutateAsync({ month, reopen: locked });
          notifySuccess(locked ? `${monthLabel(month)}の締めを解除しました` : `${monthLabel(month)}を締めました`);
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });

  const download = async (encoding: 'utf8' | 'sjis', kind: AttendanceCsvKind) => {
    try {
      await downloadAttendanceCsv(month, encoding, kind);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return { confirmClose, download };
}
