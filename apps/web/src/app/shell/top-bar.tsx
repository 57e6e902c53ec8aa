import { Anchor, Burger, Button, Group, UnstyledButton } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { activeUrl, topNavigation } from '../../config/navigation';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand/brand-context';
import { lazyNamed } from '../../lib/lazy-import';
import { useAuth } from '../../session/use-auth';
import { useAuthLinks } from '../../session/use-auth-links';
import classes from './top-bar.module.css';

// Only a signed-in user has the profile menu: it loads with their first page (docs/decisions/0048).
const ProfileMenu = lazyNamed(() => import('./profile-menu'), 'ProfileMenu');
// The bell with its unread count (issue 31), likewise only for a signed-in user.
const NotificationBell = lazyNamed(
  () => import('../../features/notifications/components/notification-bell'),
  'NotificationBell',
);

/** Spec 2: the top navigation list: name, url, optional outgoing flag, active and passive icons. */
function TopNavigation({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const brand = useBrand();
  const items = topNavigation(isSignedIn, brand);
  const current = activeUrl(
    items.filter((item) => !item.isExternal).map((item) => item.url),
    pathname,
  );
  return (
    <Group component="nav" aria-label={t('nav.top')} gap={4} visibleFrom="md" wrap="nowrap">
      {items.map((item) => {
        const isActive = item.url === current;
        const ItemIcon = isActive ? item.activeIcon : item.passiveIcon;
        // React Router renders an absolute url as a plain link to that site.
        const external = item.isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {};
        return (
          <UnstyledButton
            key={item.url}
            component={Link}
            to={item.url}
            {...external}
            className={classes.item}
            data-active={isActive || undefined}
            aria-current={isActive ? 'page' : undefined}
          >
            <ItemIcon size={18} aria-hidden />
            <span>{t(item.name)}</span>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

/**
 * Spec 2: the top bar: menu toggle (mobile), logo, top navigation, network coverage, Log in or the notification bell
 * and the account link.
 */
export function TopBar({ isMobileOpen, onToggleMobile }: { isMobileOpen: boolean; onToggleMobile: () => void }) {
  const { t } = useTranslation();
  const authLinks = useAuthLinks();
  const auth = useAuth();
  const isSignedIn = auth.status === 'signed-in';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isMobileOpen}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('nav.menu')}
          aria-controls="side-menu"
        />
        <Anchor component={Link} to={paths.dashboard.getHref()} underline="never" c="inherit">
          <Logo />
        </Anchor>
      </Group>
      <TopNavigation isSignedIn={isSignedIn} />
      <Group gap="sm" wrap="nowrap">
        <Button
          component={Link}
          to={paths.marketplace.getHref()}
          variant="subtle"
          leftSection={<IconWorld size={18} />}
          visibleFrom="sm"
        >
          {t('nav.networkCoverage')}
        </Button>
        {auth.status === 'signed-out' && <Button onClick={() => authLinks.open('signIn')}>{t('nav.logIn')}</Button>}
        {isSignedIn && (
          <Suspense fallback={null}>
            <NotificationBell />
            <ProfileMenu />
          </Suspense>
        )}
      </Group>
    </Group>
  );
}
