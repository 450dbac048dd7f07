import { isPermitted } from '@chobo/core';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailForward, IconSettings, IconUserPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ADMIN_MENU, flattenMenu, type MenuLink, visibleMenu } from '../../app/menu';
import { PageHeader } from '../../components/PageHeader';
import { QuickLinks } from '../../components/QuickLinks';
import { roleOf, useMe, usePermissions } from '../../lib/session';
import { DashboardStats } from '../admin-dashboard/DashboardStats';

/** Admin pages that are not in the sidebar table but belong on the dashboard. */
const EXTRA_LINKS: MenuLink[] = [
  {
    kind: 'link',
    to: '/system/company-invitations',
    label: '企業招待',
    permission: 'companies.index',
    icon: IconMailForward,
  },
  { kind: 'link', to: '/system/admin-invitations', label: '管理者招待', permission: 'admin.index', icon: IconUserPlus },
  { kind: 'link', to: '/system/settings', label: 'システム設定', permission: 'settings.index', icon: IconSettings },
];

/** /system: the administrator's welcome card, the platform counts and links. */
export default function SystemHomePage() {
  const me = useMe();
  const permissions = usePermissions();
  const role = roleOf(me);
  const links = useMemo(
    () => [
      ...flattenMenu(visibleMenu(ADMIN_MENU, permissions, role)).filter((entry) => entry.to !== '/system'),
      ...EXTRA_LINKS.filter((entry) => isPermitted(entry.permission, permissions)),
    ],
    [permissions, role],
  );
  const canSeeStats = isPermitted('companies.index', permissions);

  return (
    <Stack gap="lg">
      <PageHeader title="管理画面ホーム" mb={0} />
      <Paper withBorder radius="md" p="lg">
        <Title order={3} fz={18}>
          ようこそ、{me?.name} さん
        </Title>
        <Text size="sm" c="dimmed" mt={6}>
          Chobo（帳簿）の管理画面です。企業・管理者・お知らせ・ドメインの管理と、招待の送信ができます。
        </Text>
      </Paper>
      {/* the counts come from GET /api/admin/dashboard, which needs companies.index */}
      {canSeeStats && (
        <section aria-labelledby="system-stats">
          <Title order={3} fz={16} mb="sm" id="system-stats">
            利用状況
          </Title>
          <DashboardStats />
        </section>
      )}
      <section aria-labelledby="system-links">
        <Title order={3} fz={16} mb="sm" id="system-links">
          メニュー
        </Title>
        <QuickLinks links={links} />
      </section>
    </Stack>
  );
}
