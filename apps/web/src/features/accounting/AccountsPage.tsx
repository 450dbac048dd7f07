import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_SECTIONS,
  type Account,
  type AccountCategory,
  type AccountSection,
  accountCreateInput,
  accountUpdateInput,
} from '@chobo/core';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, api } from '../../lib/api';
import { type ConflictNotice, useConflictNotice } from '../../lib/conflict';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ACCOUNTS_PATH, accountingKeys, useAccounts } from './api';

type Dialog = { mode: 'child'; parent: Account } | { mode: 'rename'; account: Account } | null;

function useAccountWrite() {
  const client = useQueryClient();
  return useMutation({
    /** An edit sends back the updated_at of the row as listed (409 when someone saved the account since). */
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      (id === null
        ? api.post<{ data: Account }>(ACCOUNTS_PATH, body)
        : api.put<{ data: Account }>(`${ACCOUNTS_PATH}/${id}`, body)
      ).then((r) => r.data),
    meta: { silent: true },
    onSuccess: (saved) => {
      // the row holds its new version at once, so a second change (the other half of a reorder) is not refused
      client.setQueryData<Account[]>(accountingKeys.accounts(null), (list) =>
        list?.map((a) => (a.id === saved.id ? { ...a, ...saved } : a)),
      );
      return client.invalidateQueries({ queryKey: accountingKeys.all });
    },
  });
}

/** Errors of a zod parse or a server 422, keyed by field. */
function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError && error.status === 422) {
    for (const [k, v] of Object.entries(error.errors)) out[k] = v.join(' ');
    if (!Object.keys(out).length) out.name = error.message;
  }
  return out;
}

function AccountDialog({
  dialog,
  onClose,
  notice,
}: {
  dialog: Exclude<Dialog, null>;
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button type="submit" loading={write.isPending}>
              {dialog.mode === 'child' ? '追加する' : '変更する'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /company/accountings/accounts — 勘定科目: grouped by section; sub-accounts, rename, reorder, deactivate. */
export default function AccountsPage() {
  const accounts = useAccounts();
  const write = useAccountWrite();
  const notice = useConflictNotice(() => accounts.refetch());
  const [dialog, setDialog] = useState<Dialog>(null);
  const groups = useMemo(() => {
    const list = [...(accounts.data ?? [])].sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code));
    const sections = Object.keys(ACCOUNT_SECTIONS) as AccountSection[];
    return sections
      .map((section) => ({ section, rows: list.filter((a) => a.section === section) }))
      .filter((g) => g.rows.length > 0);
  }, [accounts.data]);

  const run = (account: Account, body: object, message: string) =>
    write.mutate(
      { id: account.id, body: { ...body, updated_at: account.updated_at } },
      {
        onSuccess: () => notifySuccess(message),
        onError: (error) => {
          if (!notice.handle(error)) notifyError(error instanceof Error ? error.message : 'エラーが発生しました。');
        },
      },
    );

  const move = (rows: Account[], index: number, dir: -1 | 1) => {
    const a = rows[index];
    const b = rows[index + dir];
    if (!a || !b) return;
    const aOrder = a.sort_order === b.sort_order ? a.sort_order + dir : b.sort_order;
    run(a, { sort_order: Math.max(0, aOrder) }, `「${a.name}」の表示順を変更しました`);
    run(b, { sort_order: Math.max(0, a.sort_order) }, `「${b.name}」の表示順を変更しました`);
  };

  let lastCategory: AccountCategory | null = null;
  return (
    <>
      <PageHeader
        title="勘定科目"
        description="勘定科目の一覧です。補助科目の追加、名前の変更、並び替え、使用停止ができます。システム科目は変更できません。"
        actions={
          <Button component={Link} to="/company/accountings_bk" variant="default">
            仕訳帳へ
          </Button>
        }
      />
      {notice.alert}
      <Paper withBorder radius="md">
        {accounts.isPending ? (
          <Stack p="md">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={16} />
            ))}
          </Stack>
        ) : (
          <Table verticalSpacing={3} horizontalSpacing="sm" aria-label="勘定科目一覧" highlightOnHover>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={90}>コード</Table.Th>
                <Table.Th>勘定科目</Table.Th>
                <Table.Th w={200}>カナ</Table.Th>
                <Table.Th w={90}>残高</Table.Th>
                <Table.Th w={110}>使用</Table.Th>
                <Table.Th w={150} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((group) => {
                const category = ACCOUNT_SECTIONS[group.section].category as AccountCategory;
                const showCategory = category !== lastCategory;
                lastCategory = category;
                return (
                  <Fragment key={group.section}>
                    {showCategory && (
                      <Table.Tr bg="gray.1">
                        <Table.Td colSpan={6}>
                          <Text fw={700} size="sm">
                            {ACCOUNT_CATEGORIES[category]}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                    <Table.Tr bg="gray.0">
                      <Table.Td colSpan={6} pl="lg">
                        <Text fw={600} size="sm">
                          {ACCOUNT_SECTIONS[group.section].label}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                    {group.rows.map((account, index) => (
                      <Table.Tr key={account.id} data-testid="account-row" opacity={account.is_active ? 1 : 0.55}>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {account.code}
                          </Text>
                        </Table.Td>
                        <Table.Td pl={account.parent_id ? 36 : undefined}>
                          <Group gap={6}>
                            <Text size="sm">{account.name}</Text>
                            {account.is_system && (
                              <Tooltip label="システム科目（変更・停止できません）" withArrow>
                                <IconLock size={13} color="var(--mantine-color-gray-6)" aria-label="システム科目" />
                              </Tooltip>
                            )}
                            {!account.is_active && (
                              <Badge size="xs" color="gray" variant="light">
                                停止中
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" c="dimmed">
                            {account.kana}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs">{account.normal_side === 'debit' ? '借方' : '貸方'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            size="xs"
                            checked={account.is_active}
                            disabled={account.is_system}
                            aria-label={`${account.name}を使用する`}
                            onChange={(e) =>
                              run(
                                account,
                                { is_active: e.currentTarget.checked },
                                e.currentTarget.checked
                                  ? `「${account.name}」を使用可能にしました`
                                  : `「${account.name}」の使用を停止しました`,
                              )
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={2} justify="flex-end" wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`${account.name}を上へ`}
                              disabled={index === 0}
                              onClick={() => move(group.rows, index, -1)}
                            >
                              <IconArrowUp size={14} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`${account.name}を下へ`}
                              disabled={index === group.rows.length - 1}
                              onClick={() => move(group.rows, index, 1)}
                            >
                              <IconArrowDown size={14} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`${account.name}の名前を変更`}
                              disabled={account.is_system}
                              onClick={() => setDialog({ mode: 'rename', account })}
                            >
                              <IconPencil size={14} />
                            </ActionIcon>
                            <Tooltip label="補助科目を追加" withArrow>
                              <ActionIcon
                                variant="subtle"
                                aria-label={`${account.name}の補助科目を追加`}
                                onClick={() => setDialog({ mode: 'child', parent: account })}
                              >
                                <IconPlus size={14} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {dialog && <AccountDialog dialog={dialog} notice={notice} onClose={() => setDialog(null)} />}
    </>
  );
}
