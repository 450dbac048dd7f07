import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_SECTIONS,
  type Account,
  type AccountCategory,
  type AccountSection,
} from '@chobo/core';
import { Button, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Fragment, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useConflictNotice } from '../../lib/conflict';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AccountDialog, type AccountDialogMode } from './AccountDialog';
import { AccountRow } from './AccountRow';
import { useAccountWrite } from './account-write';
import { useAccounts } from './api';

/** /company/accountings/accounts — 勘定科目: grouped by section; sub-accounts, rename, reorder, deactivate. */
export default function AccountsPage() {
  const accounts = useAccounts();
  const write = useAccountWrite();
  const notice = useConflictNotice(() => accounts.refetch());
  const [dialog, setDialog] = useState<AccountDialogMode | null>(null);
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
                      <AccountRow
                        key={account.id}
                        account={account}
                        first={index === 0}
                        last={index === group.rows.length - 1}
                        run={run}
                        onMove={(dir) => move(group.rows, index, dir)}
                        onDialog={setDialog}
                      />
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
