import { type BankRow, formatJPY, JOURNAL_TAX_CATEGORIES } from '@chobo/core';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { AccountSelect } from '../accounting/AccountSelect';
import { useAccounts } from '../accounting/api';
import { useEditRow } from './api';

const TAX_OPTIONS = Object.entries(JOURNAL_TAX_CATEGORIES).map(([value, label]) => ({ value, label }));

/** Change a row's 勘定科目 / 税区分 / 摘要 before confirming (saved on the row; 409 when someone else changed it). */
export function RowEditModal({
  importId,
  row,
  onClose,
}: {
  importId: number;
  row: BankRow | null;
  onClose: () => void;
}) {
  const accounts = useAccounts();
  const edit = useEditRow(importId);
  const base = row?.edit ?? null;
  const [accountId, setAccountId] = useState<number | null>(base?.account_id ?? row?.suggestion?.account_id ?? null);
  const [tax, setTax] = useState<string>(base?.tax_category ?? row?.suggestion?.tax_category ?? 'none');
  const [description, setDescription] = useState(
    base?.description ?? row?.suggestion?.description ?? row?.description ?? '',
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  if (!row) return null;
  const save = async (reset = false) => {
    setErrors({});
    if (!reset && !accountId) {
      setErrors({ account_id: ['勘定科目を選択してください'] });
      return;
    }
    try {
      await edit.mutateAsync({
        rowId: row.id,
        updated_at: row.updated_at,
        account_id: reset ? null : accountId,
        tax_category: tax as 'none',
        description: reset ? null : description,
      });
      notifySuccess(reset ? '候補に戻しました' : '勘定科目を変更しました');
      onClose();
    } catch (e) {
      const fe = isApiError(e) && e.status === 422 ? e.errors : {};
      setErrors(Object.keys(fe).length ? fe : { _: [errorMessage(e)] });
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {row.date}　{row.description}　{row.direction === 'in' ? '入金' : '出金'} {formatJPY(row.amount)}
      </Text>
      <AccountSelect
        label="勘定科目"
        withAsterisk
        accounts={accounts.data ?? []}
        value={accountId}
        onChange={(a) => {
          setAccountId(a);
          // the account's usual 税区分, as the journal form does
          const t = accounts.data?.find((x) => x.id === a)?.default_tax_category;
          if (t) setTax(t);
        }}
        error={errors.account_id?.[0]}
        data-autofocus
      />
      <Select
        label="税区分"
        data={TAX_OPTIONS}
        value={tax}
        onChange={(t) => setTax(t ?? 'none')}
        allowDeselect={false}
        error={errors.tax_category?.[0]}
      />
      <TextInput
        label="摘要"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description?.[0]}
      />
      {errors._ && <Alert color="red">{errors._[0]}</Alert>}
      <Group justify="flex-end">
        {row.edit && (
          <Button variant="subtle" onClick={() => void save(true)} loading={edit.isPending}>
            候補に戻す
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          キャンセル
        </Button>
        <Button onClick={() => void save()} loading={edit.isPending}>
          変更を保存
        </Button>
      </Group>
    </Stack>
  );
}
