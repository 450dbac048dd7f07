import { Badge } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../../lib/online';

/** 「オフライン」 while the browser is offline (its own module: the sign-in layout loads no menus). */
export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <Badge color="warning" variant="filled" leftSection={<IconWifiOff size={12} />} role="status">
      オフライン
    </Badge>
  );
}
