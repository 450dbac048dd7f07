import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isActivePath, type MenuItem, type MenuLink } from '../menu';

/** On narrow or touch screens the sidebar hides; this dots button opens the same entries and closes on click. */
export function FloatingMenu({ items }: { items: MenuItem[] }) {
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  const entry = (link: MenuLink) => {
    const Icon = link.icon;
    const active = isActivePath(link, pathname);
    return (
      <Menu.Item
        key={link.to}
        component={Link}
        to={link.to}
        leftSection={Icon ? <Icon size={16} /> : undefined}
        aria-current={active ? 'page' : undefined}
        fw={active ? 700 : undefined}
        c={active ? 'primary' : undefined}
      >
        {link.label}
      </Menu.Item>
    );
  };
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" width={280} shadow="md" closeOnItemClick>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="メニューを開く">
          <IconDotsVertical size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="floating-menu">
        {items.map((item) =>
          item.kind === 'link' ? (
            entry(item)
          ) : (
            <div key={item.label}>
              <Menu.Label>{item.label}</Menu.Label>
              {item.children.map(entry)}
            </div>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
