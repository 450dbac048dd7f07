import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_SECTIONS,
  type Account,
  accountCreateInput,
  accountUpdateInput,
} from '@chobo/core';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormActions } from '../../components/FormActions';
import type { ConflictNotice } from '../../lib/conflict';
import { notifyError, notifySuccess } from '../../lib/notify';
import { fieldErrors, useAccountWrite } from './account-write';

/** What the dialog does: add a sub-account under `parent`, or rename `account`. */
export type AccountDialogMode = { mode: 'child'; parent: Account } | { mode: 'rename'; account: Account };

/** 補助科目を追加 (code, name, kana; the rest from the parent) or 名前を変更 of one account. */
export function AccountDialog({
  dialog,
  onClose,
  notice,
}: {
  dialog: AccountDialogMode;
  onClose: () => void;
  notice: ConflictNotice;
}) {
  const write = useAccountWrite();
  const source = dialog.mode === 'child' ? dialog.parent : dialog.account;
  const [code, setCode] = useState(dialog.mode === 'child' ? `${source.code}-` : source.code);
  const [name, setName] = useState(dialog.mode === 'child' ? '' : source.name);
  const [kana, setKana] = useState(dialog.mode === 'child' ? '' : (source.kana ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const body =
      dialog.mode === 'child'
        ? {
            code,
            name,
            kana,
            category: source.category,
            section: source.section,
            normal_side: source.normal_side,
            parent_id: source.id,
            cash_flow_role: source.cash_flow_role,
            default_tax_category: source.default_tax_category,
            sort_order: source.sort_order,
          }
        : { code, name, kana };
    const parsed = (dialog.mode === 'child' ? accountCreateInput : accountUpdateInput).safeParse(body);
    if (!parsed.success) {
      const local: Record<string, string> = {};
      for (const issue of parsed.error.issues) local[String(issue.path[0] ?? 'name')] ??= issue.message;
      setErrors(local);
      return;
    }
    try {
      await write.mutateAsync(
        dialog.mode === 'child'
          ? { id: null, body }
          : { id: source.id, body: { ...body, updated_at: source.updated_at } },
      );
      notifySuccess(dialog.mode === 'child' ? `補助科目「${name}」を追加しました` : `「${name}」に変更しました`);
      onClose();
    } catch (error) {
      if (notice.handle(error)) {
        onClose();
        return;
      }
      const e = fieldErrors(error);
      if (Object.keys(e).length) setErrors(e);
      else notifyError(error instanceof Error ? error.message : 'エラーが発生しました。');
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={dialog.mode === 'child' ? `「${source.name}」の補助科目を追加` : '勘定科目の名前を変更'}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="科目コード"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.code}
          />
          <TextInput
            label="勘定科目名"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            label="カナ（検索用）"
            value={kana}
            onChange={(e) => setKana(e.currentTarget.value)}
            error={errors.kana}
          />
          <Text size="xs" c="dimmed">
            区分: {ACCOUNT_CATEGORIES[source.category]}・{ACCOUNT_SECTIONS[source.section].label}
          </Text>
          <FormActions
            onCancel={onClose}
            submitLabel={dialog.mode === 'child' ? '追加する' : '変更する'}
            loading={write.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
