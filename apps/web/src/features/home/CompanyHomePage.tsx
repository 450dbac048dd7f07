import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { COMPANY_MENU, type MenuLink, visibleMenu } from '../../app/menu';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { QuickLinks } from '../../components/QuickLinks';
import { roleOf, useMe, usePermissions } from '../../lib/session';
import { AttendanceHomeTile } from '../attendance/AttendanceHomeTile';
import { EmployeesHomeTile } from '../employees/EmployeesHomeTile';
import { CompanyNotices } from '../infos/CompanyNotices';

export const HOME_TILES = ['今月の売上', '未回収売掛金', '未払買掛金', '現金残高'] as const;
export const NO_DATA = 'データがまだありません';

/** Entries of a group carry the group's icon in the quick links. */
function withGroupIcons(items: ReturnType<typeof visibleMenu>): MenuLink[] {
  return items.flatMap((item) =>
    item.kind === 'link' ? [item] : item.children.map((child) => ({ ...child, icon: child.icon ?? item.icon })),
  );
}

/** /company: greeting, the four key figures (filled by later features) and links to permitted modules. */
export default function CompanyHomePage() {
  const me = useMe();
  const permissions = usePermissions();
  const role = roleOf(me);
  const links = useMemo(
    () => withGroupIcons(visibleMenu(COMPANY_MENU, permissions, role)).filter((entry) => entry.to !== '/company'),
    [permissions, role],
  );

  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={me?.company?.name ?? 'ホーム'}
        description={`ようこそ、${me?.name ?? ''} さん。今日の業務をはじめましょう。`}
      />
      <CompanyNotices />
      <section aria-labelledby="home-figures">
        <Title order={3} fz={16} mb="sm" id="home-figures">
          今月の概況
        </Title>
        <SimpleGrid cols={4} spacing="md">
          {HOME_TILES.map((label) => (
            <Paper key={label} withBorder radius="md" p="md" data-testid="home-tile">
              <Text size="sm" c="dimmed" fw={600}>
                {label}
              </Text>
              <Text size="sm" mt="md" c="gray.6">
                {NO_DATA}
              </Text>
            </Paper>
          ))}
          <EmployeesHomeTile />
          <AttendanceHomeTile />
        </SimpleGrid>
      </section>
      <section aria-labelledby="home-links">
        <Title order={3} fz={16} mb="sm" id="home-links">
          メニュー
        </Title>
        {links.length > 0 ? (
          <QuickLinks links={links} />
        ) : (
          <Paper withBorder radius="md">
            <EmptyBlock title="利用できる機能がありません" description="管理者に権限の設定を依頼してください。" />
          </Paper>
        )}
      </section>
    </Stack>
  );
}
