import { NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavEntry, NavLinkEntry, NavQuickLinksEntry, NavSubmenuEntry } from '../../config/navigation';
import { lazyNamed } from '../../lib/lazy-import';
import classes from './nav-entries.module.css';
import { SideTooltip } from './side-tooltip';

const CollapsedSubmenu = lazyNamed(() => import('./collapsed-menu'), 'CollapsedSubmenu');

interface EntryProps {
  isCollapsed: boolean;
  activeUrl: string | undefined;
}

function EntryLink({
  entry,
  isCollapsed,
  activeUrl,
  isNested = false,
}: EntryProps & { entry: NavLinkEntry; isNested?: boolean }) {
  const { t } = useTranslation();
  const label = t(entry.name);
  const isActive = entry.url === activeUrl;
  // React Router renders an absolute url as a plain link to that site.
  const external = entry.isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const link = (
    <NavLink
      component={Link}
      to={entry.url}
      {...external}
      label={isCollapsed ? undefined : label}
      aria-label={isCollapsed ? label : undefined}
      leftSection={<entry.icon size={isNested ? 18 : 20} stroke={1.6} aria-hidden />}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      className={isCollapsed ? classes.collapsedLink : undefined}
    />
  );
  return (
    <SideTooltip label={label} disabled={!isCollapsed}>
      {link}
    </SideTooltip>
  );
}

function Submenu({ entry, isCollapsed, activeUrl }: EntryProps & { entry: NavSubmenuEntry }) {
  const { t } = useTranslation();
  const label = t(entry.name);
  const hasActiveChild = entry.items.some((item) => item.url === activeUrl);
  // Spec 2: a submenu's open state is remembered per device.
  const [isOpen, setOpen] = useLocalStorage({
    key: `fixpoint.sideMenu.submenu.${entry.name}`,
    defaultValue: false,
    getInitialValueInEffect: false,
  });

  if (isCollapsed) {
    const target = (
      <UnstyledButton aria-label={label} className={classes.collapsedLink} data-active={hasActiveChild || undefined}>
        <entry.icon size={20} stroke={1.6} aria-hidden />
      </UnstyledButton>
    );
    return (
      <Suspense fallback={target}>
        <CollapsedSubmenu label={label} items={entry.items} target={target} />
      </Suspense>
    );
  }

  return (
    <NavLink
      // Mantine renders a submenu toggle as an <a> without href, which the keyboard skips: make it a button.
      component="button"
      type="button"
      aria-expanded={isOpen}
      label={label}
      leftSection={<entry.icon size={20} stroke={1.6} aria-hidden />}
      opened={isOpen}
      onChange={(opened) => setOpen(opened)}
      childrenOffset={28}
      active={hasActiveChild && !isOpen}
    >
      {entry.items.map((item) => (
        <EntryLink key={item.url} entry={item} isCollapsed={false} activeUrl={activeUrl} isNested />
      ))}
    </NavLink>
  );
}

function QuickLinks({ entry, isCollapsed }: EntryProps & { entry: NavQuickLinksEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} mt="md" component="section" aria-label={t(entry.name)}>
      {!isCollapsed && (
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
          {t(entry.name)}
        </Text>
      )}
      {entry.items.map((item) => (
        // Quick links are actions, never the highlighted page.
        <EntryLink key={item.name} entry={item} isCollapsed={isCollapsed} activeUrl={undefined} />
      ))}
    </Stack>
  );
}

/** Spec 2: the side menu's entries: links, submenus (open state remembered) and quick links. */
export function NavEntries({ entries, ...props }: EntryProps & { entries: NavEntry[] }) {
  return (
    <>
      {entries.map((entry) =>
        entry.type === 'link' ? (
          <EntryLink key={entry.name} entry={entry} {...props} />
        ) : entry.type === 'submenu' ? (
          <Submenu key={entry.name} entry={entry} {...props} />
        ) : (
          <QuickLinks key={entry.name} entry={entry} {...props} />
        ),
      )}
    </>
  );
}
