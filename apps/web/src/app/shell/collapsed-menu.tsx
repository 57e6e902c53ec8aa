import { Menu, Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavLinkEntry } from '../../config/navigation';

/**
 * What the collapsed side menu adds: tooltips and fly-out submenus. They need Mantine's floating layer (Popover and
 * floating-ui), so they load as their own chunk when the menu is collapsed, not with the first page
 * (docs/decisions/0048; side-tooltip.tsx).
 */
export function RightTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} position="right" withArrow>
      {children}
    </Tooltip>
  );
}

export function CollapsedSubmenu({
  label,
  items,
  target,
}: {
  label: string;
  items: NavLinkEntry[];
  target: ReactElement;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="right-start" withArrow trigger="click-hover" openDelay={100} closeDelay={200}>
      <Menu.Target>
        <Tooltip label={label} position="right" withArrow>
          {target}
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {items.map((item) => (
          <Menu.Item key={item.url} component={Link} to={item.url} leftSection={<item.icon size={16} aria-hidden />}>
            {t(item.name)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
