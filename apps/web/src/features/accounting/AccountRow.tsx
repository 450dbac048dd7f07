import type { Account } from '@chobo/core';
import { ActionIcon, Badge, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock, IconPencil, IconPlus } from '@tabler/icons-react';
import type { AccountDialogMode } from './AccountDialog';

/** One account: code, name (a sub-account indented), kana, side, 使用 switch; move, rename, add a sub-account. */
export function AccountRow({
  account,
  first,
  last,
  run,
  onMove,
  onDialog,
}: {
  account: Account;
  first: boolean;
  last: boolean;
  /** saves `body` on the account and says `message` */
  run: (account: Account, body: object, message: string) => void;
  onMove: (dir: -1 | 1) => void;
  onDialog: (d: AccountDialogMode) => void;
}) {
  return (
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
            disabled={first}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${account.name}を下へ`}
            disabled={last}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${account.name}の名前を変更`}
            disabled={account.is_system}
            onClick={() => onDialog({ mode: 'rename', account })}
          >
            <IconPencil size={14} />
          </ActionIcon>
          <Tooltip label="補助科目を追加" withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={`${account.name}の補助科目を追加`}
              onClick={() => onDialog({ mode: 'child', parent: account })}
            >
              <IconPlus size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
