import type { Me } from '@chobo/core';
import { Badge, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../../lib/online';
import type { MenuItem, MenuLink } from '../menu';
import { FloatingMenu } from './FloatingMenu';
import classes from './layout.module.css';
import { UserMenu } from './UserMenu';

export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <Badge color="warning" variant="filled" leftSection={<IconWifiOff size={12} />} role="status">
      オフライン
    </Badge>
  );
}

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
