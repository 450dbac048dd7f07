import { BANK_ACCOUNT_TYPES, type CompanyBankAccount } from '@chobo/core';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { RowActions } from '../../components/RowActions';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { AccountSelect } from '../accounting/AccountSelect';
import { useAccounts } from '../accounting/api';
import { useBankAccounts, useCreateBankAccount, useDeleteBankAccount, useUpdateBankAccount } from './api';
import { SettingsTableCard, useCardEditing } from './SettingsTableCard';
import { TransferSettingsForm } from './TransferSettingsForm';

/**
 * A bank account (the one list: imports and the 振込先 printed on invoices). The linked 勘定科目 is 普通預金 /
 * 当座預金 or a sub-account of one; a new 普通預金 sub-account named after the bank can be created instead.
 */
export function BankAccountForm({
  account,
  onDone,
  wide = false,
}: {
  account: CompanyBankAccount | null;
  onDone?: () => void;
  /** Four columns on a wide screen (the first-account form on the upload card). */
  wide?: boolean;
}) {
  const create = useCreateBankAccount();
  const update = useUpdateBankAccount();
  const accounts = useAccounts();
  const [v, setV] = useState({
    bank_code: account?.bank_code ?? '',
    bank_name: account?.bank_name ?? '',
    branch_code: account?.branch_code ?? '',
    branch_name: account?.branch_name ?? '',
    account_type: account?.account_type ?? '普通',
    account_number: account?.account_number ?? '',
    account_holder: account?.account_holder ?? '',
    account_id: account?.account_id ?? null,
    create_account: account === null,
    on_invoice: account?.on_invoice ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) =>
    setV({ ...v, [k]: e.currentTarget.value });
  const err = (k: string) => errors[k]?.[0];
  const all = accounts.data ?? [];
  const deposits = all.filter((a) => a.name.includes('預金'));
  const depositIds = new Set(deposits.map((a) => a.id));
  const choices = all.filter((a) => depositIds.has(a.id) || (a.parent_id !== null && depositIds.has(a.parent_id)));
  const submit = async () => {
    setErrors({});
    const body = {
      ...v,
      account_type: v.account_type as '普通',
      account_id: v.create_account ? null : v.account_id,
    };
    try {
      if (account) await update.mutateAsync({ ...body, id: account.id, updated_at: account.updated_at });
      else await create.mutateAsync(body);
      notifySuccess(account ? '銀行口座を更新しました' : '銀行口座を登録しました');
      onDone?.();
    } catch (e) {
      const fe = isApiError(e) ? e.errors : {};
      setErrors(Object.keys(fe).length && !(isApiError(e) && e.status === 409) ? fe : { _: [errorMessage(e)] });
    }
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, md: wide ? 4 : 2 }}>
        <TextInput
          label="銀行コード"
          value={v.bank_code}
          onChange={set('bank_code')}
          error={err('bank_code')}
          inputMode="numeric"
        />
        <TextInput label="銀行名" value={v.bank_name} onChange={set('bank_name')} error={err('bank_name')} />
        <TextInput
          label="支店コード"
          value={v.branch_code}
          onChange={set('branch_code')}
          error={err('branch_code')}
          inputMode="numeric"
        />
        <TextInput label="支店名" value={v.branch_name} onChange={set('branch_name')} error={err('branch_name')} />
        <Select
          label="預金種目"
          data={[...BANK_ACCOUNT_TYPES]}
          value={v.account_type}
          onChange={(x) => setV({ ...v, account_type: x ?? '普通' })}
          allowDeselect={false}
        />
        <TextInput
          label="口座番号"
          value={v.account_number}
          onChange={set('account_number')}
          error={err('account_number')}
          inputMode="numeric"
        />
        <TextInput
          label="口座名義（カナ）"
          value={v.account_holder}
          onChange={set('account_holder')}
          error={err('account_holder')}
        />
        <Stack gap={6}>
          <Checkbox
            mt={{ base: 0, sm: 'lg' }}
            label="普通預金の補助科目を作成して連携する"
            checked={v.create_account}
            onChange={(e) => setV({ ...v, create_account: e.currentTarget.checked })}
          />
          {!v.create_account && (
            <AccountSelect
              label="連携する勘定科目"
              accounts={choices}
              value={v.account_id}
              onChange={(id) => setV({ ...v, account_id: id })}
              error={err('account_id')}
            />
          )}
          {v.create_account && err('account_id') && (
            <Text size="xs" c="red">
              {err('account_id')}
            </Text>
          )}
        </Stack>
        <Checkbox
          label="請求書に振込先として記載する"
          checked={v.on_invoice}
          onChange={(e) => setV({ ...v, on_invoice: e.currentTarget.checked })}
        />
      </SimpleGrid>
      {errors._ && <Alert color="red">{errors._[0]}</Alert>}
      <Group justify="flex-end">
        <Button onClick={submit} loading={create.isPending || update.isPending}>
          {account ? '銀行口座を更新' : '銀行口座を登録'}
        </Button>
      </Group>
    </Stack>
  );
}

/** The company's bank accounts: add, edit, delete; which one is printed on invoices. */
export function BankAccountsCard() {
  const list = useBankAccounts();
  const remove = useDeleteBankAccount();
  const phone = useMediaQuery('(max-width: 36em)');
  const card = useCardEditing<CompanyBankAccount>();
  const { editing, setError } = card;
  const rows = list.data ?? [];
  return (
    <SettingsTableCard
      title="銀行口座"
      createLabel="銀行口座を追加"
      onCreate={card.create}
      description="明細を取り込む口座と、請求書に記載する振込先は同じ一覧です。"
      error={card.error}
      minWidth={720}
      head={
        <>
          <Table.Th>銀行・支店</Table.Th>
          <Table.Th>口座</Table.Th>
          <Table.Th>名義</Table.Th>
          <Table.Th>勘定科目</Table.Th>
          <Table.Th>請求書</Table.Th>
          <Table.Th w={72} />
        </>
      }
      empty={list.isSuccess && rows.length === 0 ? { colSpan: 6, text: '銀行口座はまだ登録されていません' } : null}
      modal={
        <Modal
          opened={card.opened}
          onClose={card.close}
          title={editing ? '銀行口座の編集' : '銀行口座の追加'}
          size="lg"
          fullScreen={phone}
        >
          {card.opened && <BankAccountForm account={editing} onDone={card.close} />}
          {card.opened && editing && (
            <>
              <Divider my="lg" />
              <TransferSettingsForm bankAccountId={editing.id} onDone={card.close} />
            </>
          )}
        </Modal>
      }
    >
      {rows.map((a) => (
        <Table.Tr key={a.id}>
          <Table.Td>
            {a.bank_name}（{a.bank_code ?? '—'}） {a.branch_name}（{a.branch_code ?? '—'}）
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {a.account_type} {a.account_number}
          </Table.Td>
          <Table.Td>{a.account_holder}</Table.Td>
          <Table.Td>
            {a.account_name ?? (
              <Text size="sm" c="red">
                未設定
              </Text>
            )}
          </Table.Td>
          <Table.Td>{a.on_invoice && <Badge variant="light">記載</Badge>}</Table.Td>
          <Table.Td>
            <RowActions
              name={`${a.bank_name} ${a.account_number} `}
              onEdit={() => card.setEditing(a)}
              deleteTitle="銀行口座の削除"
              deleteMessage={`${a.bank_name} ${a.branch_name} ${a.account_type} ${a.account_number} を削除しますか？`}
              onDelete={() =>
                remove.mutate(a.id, {
                  onSuccess: () => {
                    setError(null);
                    notifySuccess('銀行口座を削除しました');
                  },
                  onError: (e) => setError(errorMessage(e)),
                })
              }
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </SettingsTableCard>
  );
}
