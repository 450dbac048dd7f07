import type { Me } from '@chobo/core';
import { Avatar, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { logout } from '../../features/auth/logout';
import type { MenuLink } from '../menu';
import classes from './layout.module.css';

function initials(name: string): string {
  return name.trim().slice(0, 1) || '?';
}

/** The account dropdown of the top bar (docs/product/SPEC.md §2 User dropdown) with ログアウト. */
export function UserMenu({ me, items }: { me: Me | null; items: MenuLink[] }) {
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label="アカウントメニュー">
          <Avatar color="primary" radius="xl" size={34}>
            {initials(me?.name ?? '')}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }} className={classes.userText}>
            <Text size="sm" fw={600} truncate maw={220} data-testid="user-name">
              {me?.name}
            </Text>
            <Text size="xs" c="dimmed" truncate maw={220} data-testid="user-email">
              {me?.email}
            </Text>
          </Stack>
          <IconChevronDown size={14} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>アカウント設定</Menu.Label>
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
        {items.length > 0 && <Menu.Divider />}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          ログアウト
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
