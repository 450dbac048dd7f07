import type { Me } from '@chobo/core';
import { Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ChoboLogo } from '../../components/ChoboLogo';
import type { MenuItem } from '../menu';
import classes from './layout.module.css';
import { SidebarNav } from './SidebarNav';

/** The logo of the company sidebar: the domain's logo, else the company's, else the Chobo logo. */
export function companyLogoUrl(me: Me | null): string | null {
  return me?.domain?.logo_url || me?.logo_data || null;
}

export function Sidebar({ items, admin, me }: { items: MenuItem[]; admin: boolean; me: Me | null }) {
  const logo = admin ? null : companyLogoUrl(me);
  return (
    <aside
      className={classes.sidebar}
      aria-label={admin ? '管理者メニュー' : '企業メニュー'}
      data-sidebar={admin ? 'admin' : 'company'}
    >
      <div className={classes.sidebarInner}>
        <Link to={admin ? '/system' : '/company'} className={classes.sidebarBrand} aria-label="ホームへ">
          {logo ? (
            <img src={logo} alt={me?.domain?.name ?? me?.company?.name ?? 'ロゴ'} className={classes.sidebarLogo} />
          ) : (
            <ChoboLogo height={34} />
          )}
          {admin && (
            <Badge size="xs" variant="light" color="primary">
              管理
            </Badge>
          )}
        </Link>
        <div className={classes.sidebarNav}>
          <SidebarNav items={items} />
        </div>
        <div className={classes.sidebarFooter}>
          <Text size="xs" c="dimmed" truncate>
            {admin ? 'Chobo 管理画面' : (me?.domain?.name ?? 'Chobo（帳簿）')}
          </Text>
        </div>
      </div>
    </aside>
  );
}
