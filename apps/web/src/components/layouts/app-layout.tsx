import { Anchor, AppShell, Burger, Button, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutDashboard, IconMapPin, IconSettings, IconShieldLock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { brand } from '../../config/brand';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { LoadingFallback } from '../loading-fallback';
import { Logo } from '../logo';
import { ProfileMenu } from './profile-menu';

/** The visitor's shell: header, side menu with the promo box, content and footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const [isMenuOpen, { toggle }] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();

  const auth = useAuth();
  const isSignedIn = auth.status === 'signed-in';

  const links = [
    { label: t('nav.dashboard'), href: paths.dashboard.getHref(), icon: IconLayoutDashboard },
    { label: t('nav.networkCoverage'), href: paths.marketplace.getHref(), icon: IconMapPin },
    ...(isSignedIn ? [{ label: t('nav.settings'), href: paths.settings.getHref(), icon: IconSettings }] : []),
    ...(auth.isAdmin === true
      ? [{ label: t('nav.admin'), href: paths.admin.users.getHref(), icon: IconShieldLock }]
      : []),
  ];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
      footer={{ height: 44 }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={isMenuOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.menu')} />
            <Anchor component={Link} to={paths.dashboard.getHref()} underline="never" c="inherit">
              <Logo />
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button
              variant="subtle"
              leftSection={<IconMapPin size={18} />}
              onClick={() => navigate(paths.marketplace.getHref())}
              visibleFrom="sm"
            >
              {t('nav.networkCoverage')}
            </Button>
            {isSignedIn ? (
              <ProfileMenu />
            ) : (
              <Button onClick={() => navigate(paths.login.getHref())}>{t('nav.logIn')}</Button>
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section grow>
          {links.map((link) => (
            <NavLink
              key={link.href}
              component={Link}
              to={link.href}
              label={link.label}
              leftSection={<link.icon size={20} stroke={1.6} />}
              active={location.pathname.startsWith(link.href)}
            />
          ))}
        </AppShell.Section>
        {auth.status === 'signed-out' && (
          <AppShell.Section>
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t('promo.title')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('promo.body')}
                </Text>
                <Group grow gap="xs">
                  <Button size="xs" variant="default" onClick={() => navigate(paths.login.getHref())}>
                    {t('nav.logIn')}
                  </Button>
                  <Button size="xs" onClick={() => navigate(paths.signup.getHref())}>
                    {t('nav.signUp')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<LoadingFallback />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>

      <AppShell.Footer>
        <Group h="100%" px="md" justify="space-between">
          <Anchor href={brand.termsUrl} size="sm" target="_blank" rel="noopener noreferrer">
            {t('footer.terms')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear(), brand: brand.name })}
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
