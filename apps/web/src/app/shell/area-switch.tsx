import { Group, Tooltip, UnstyledButton } from '@mantine/core';
import { IconShieldLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isAdminPath, pathInOtherArea } from '../../config/paths';
import classes from './area-switch.module.css';

/** Spec 2: Personal and Admin (admins only), each a link to the same page in the other area. */
export function AreaSwitch({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const isAdminArea = isAdminPath(pathname);
  const areas = [
    { key: 'personal', label: t('nav.personal'), icon: IconUser, isCurrent: !isAdminArea },
    { key: 'admin', label: t('nav.admin'), icon: IconShieldLock, isCurrent: isAdminArea },
  ] as const;
  return (
    <Group
      gap={4}
      grow
      className={classes.root}
      data-collapsed={isCollapsed || undefined}
      component="nav"
      aria-label={t('nav.area')}
    >
      {areas.map((area) => {
        const target = pathInOtherArea(pathname, area.key);
        // The query belongs to the page: it goes along only to the same page in the other area.
        const isSamePage = target.replace(/^\/admin(?=\/|$)/, '') === pathname.replace(/^\/admin(?=\/|$)/, '');
        const link = (
          <UnstyledButton
            key={area.key}
            component={Link}
            to={isSamePage ? `${target}${search}` : target}
            className={classes.item}
            data-current={area.isCurrent || undefined}
            aria-current={area.isCurrent ? 'page' : undefined}
            aria-label={isCollapsed ? area.label : undefined}
          >
            <area.icon size={16} aria-hidden />
            {!isCollapsed && <span>{area.label}</span>}
          </UnstyledButton>
        );
        return isCollapsed ? (
          <Tooltip key={area.key} label={area.label} position="right" withArrow>
            {link}
          </Tooltip>
        ) : (
          link
        );
      })}
    </Group>
  );
}
