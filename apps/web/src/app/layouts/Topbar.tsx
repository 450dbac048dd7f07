import type { Me } from '@chobo/core';
import { Group, Text } from '@mantine/core';
import type { MenuItem, MenuLink } from '../menu';
import { FloatingMenu } from './FloatingMenu';
import classes from './layout.module.css';
import { OfflineBadge } from './OfflineBadge';
import { UserMenu } from './UserMenu';

export function Topbar({
  me,
  admin,
  compact,
  menuItems,
  userItems,
}: {
  me: Me | null;
  admin: boolean;
  compact: boolean;
  menuItems: MenuItem[];
  userItems: MenuLink[];
}) {
  return (
    <header className={classes.topbar}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {compact && <FloatingMenu items={menuItems} />}
        <Text fw={600} size="sm" c="dimmed" truncate>
          {admin ? 'Chobo 管理画面' : (me?.company?.name ?? '')}
        </Text>
      </Group>
      <Group gap="md" wrap="nowrap">
        <OfflineBadge />
        <UserMenu me={me} items={userItems} />
      </Group>
    </header>
  );
}
