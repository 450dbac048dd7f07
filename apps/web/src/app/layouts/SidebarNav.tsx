import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActivePath, type MenuItem, type MenuLink } from '../menu';
import classes from './layout.module.css';

function LinkEntry({ entry, pathname, onNavigate }: { entry: MenuLink; pathname: string; onNavigate?: () => void }) {
  const Icon = entry.icon;
  const active = isActivePath(entry, pathname);
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={Icon ? <Icon size={18} stroke={1.6} /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      className={classes.navLink}
      onClick={onNavigate}
    />
  );
}

/** The sidebar's entries (already filtered by permission): links and groups with their children. */
export function SidebarNav({ items, onNavigate }: { items: MenuItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="メインメニュー">
      {items.map((item) => {
        if (item.kind === 'link')
          return <LinkEntry key={item.to} entry={item} pathname={pathname} onNavigate={onNavigate} />;
        const Icon = item.icon;
        return (
          <NavLink
            key={item.label}
            label={item.label}
            leftSection={Icon ? <Icon size={18} stroke={1.6} /> : undefined}
            defaultOpened
            childrenOffset={22}
            className={classes.navLink}
            role="group"
            aria-label={item.label}
          >
            {item.children.map((child) => (
              <LinkEntry key={child.to} entry={child} pathname={pathname} onNavigate={onNavigate} />
            ))}
          </NavLink>
        );
      })}
    </nav>
  );
}
