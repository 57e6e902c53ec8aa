import type { Team } from '@fixpoint/shared';
import { Badge, Group, Menu, Text, ThemeIcon, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBuilding, IconBuildingPlus, IconCheck, IconSelector, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createOrganizationHref } from '../../lib/create-organization-dialog';
import classes from './context-switcher.module.css';
import { personalContext } from './use-nav-context';

/**
 * Issue 14: at the top of the side menu, whose pages the menu shows: Personal or one of the user's organisations.
 * Choosing one goes to its start page; the choice is remembered on the device (use-nav-context). Collapsed, an icon
 * with the context's name as its label and tooltip.
 */
export function ContextSwitcher({
  teams,
  current,
  onChoose,
  isCollapsed,
}: {
  teams: Team[];
  current: { orgId: string | null; name: string | undefined; role: Team['role'] | undefined };
  onChoose: (id: string) => void;
  isCollapsed: boolean;
}) {
  const { t } = useTranslation();
  const isPersonal = current.orgId === null;
  const name = isPersonal ? t('nav.personal') : (current.name ?? t('org.switcher.organisation'));
  const detail = isPersonal ? t('org.switcher.personalDetail') : current.role ? t(`org.roles.${current.role}`) : '';
  // Collapsed, the icon needs a name; expanded, the visible name and role are it, with a hidden hint after them
  // (axe: label-content-name-mismatch).
  const label = isCollapsed ? t('org.switcher.label', { name }) : undefined;
  const ContextIcon = isPersonal ? IconUser : IconBuilding;
  const icon = (
    <ThemeIcon variant="light" size={isCollapsed ? 32 : 30} radius="md" aria-hidden>
      <ContextIcon size={18} />
    </ThemeIcon>
  );

  const target = (
    <UnstyledButton
      className={classes.target}
      data-collapsed={isCollapsed || undefined}
      aria-label={label}
      data-testid="context-switcher"
    >
      {isCollapsed ? (
        icon
      ) : (
        <Group gap="sm" wrap="nowrap">
          {icon}
          <div className={classes.text}>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            {detail && (
              <Text size="xs" c="dimmed" truncate>
                {detail}
              </Text>
            )}
          </div>
          <VisuallyHidden>{t('org.switcher.hint')}</VisuallyHidden>
          <IconSelector size={16} aria-hidden className={classes.chevron} />
        </Group>
      )}
    </UnstyledButton>
  );

  return (
    <Menu position={isCollapsed ? 'right-start' : 'bottom-start'} width={260} withArrow={isCollapsed}>
      <Menu.Target>
        {isCollapsed ? (
          <Tooltip label={name} position="right" withArrow>
            {target}
          </Tooltip>
        ) : (
          target
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconUser size={16} aria-hidden />}
          rightSection={isPersonal ? <IconCheck size={16} aria-label={t('org.switcher.current')} /> : null}
          onClick={() => onChoose(personalContext)}
        >
          {t('nav.personal')}
        </Menu.Item>
        {teams.length > 0 && <Menu.Label>{t('org.switcher.organisations')}</Menu.Label>}
        {teams.map((team) => (
          <Menu.Item
            key={team.id}
            leftSection={<IconBuilding size={16} aria-hidden />}
            rightSection={
              team.id === current.orgId ? (
                <IconCheck size={16} aria-label={t('org.switcher.current')} />
              ) : team.status !== 'active' ? (
                <Badge size="xs" variant="light" color={team.status === 'pending' ? 'yellow' : 'red'}>
                  {t(`org.status.${team.status}`)}
                </Badge>
              ) : null
            }
            onClick={() => onChoose(team.id)}
          >
            {team.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={createOrganizationHref()}
          leftSection={<IconBuildingPlus size={16} aria-hidden />}
        >
          {t('orgCreate.open')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
