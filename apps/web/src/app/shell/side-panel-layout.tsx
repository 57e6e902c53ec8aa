import { AppShell, Burger, Button, Group, ScrollArea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { sideMenuWidth } from './use-side-menu';

/**
 * Spec 2: the side-panel layout: a panel with an optional title, the logo on top, the panel's content, an optional
 * footer and a Logout button at the bottom; on small screens a toggle opens and closes it.
 */
export function SidePanelLayout({
  title,
  withLogo = true,
  panel,
  footer,
  onLogout,
  children,
}: {
  title?: string;
  withLogo?: boolean;
  panel: ReactNode;
  footer?: ReactNode;
  onLogout?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isOpen, { toggle }] = useDisclosure(false);
  return (
    <AppShell
      navbar={{ width: sideMenuWidth.open, breakpoint: 'sm', collapsed: { mobile: !isOpen } }}
      header={{ height: { base: 56, sm: 0 } }}
      padding="lg"
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md" gap="sm">
          <Burger
            opened={isOpen}
            onClick={toggle}
            size="sm"
            aria-label={isOpen ? t('nav.closePanel') : t('nav.openPanel')}
            aria-controls="side-panel"
          />
          {withLogo && <Logo />}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="side-panel" p="md" aria-label={title ?? t('nav.sidePanel')}>
        {withLogo && (
          <AppShell.Section visibleFrom="sm" pb="md">
            <Logo />
          </AppShell.Section>
        )}
        {title && (
          <AppShell.Section pb="sm">
            <Title order={2} size="h4">
              {title}
            </Title>
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea}>
          {panel}
        </AppShell.Section>
        {footer && <AppShell.Section pt="sm">{footer}</AppShell.Section>}
        {onLogout && (
          <AppShell.Section pt="sm">
            <Button variant="default" fullWidth leftSection={<IconLogout size={16} />} onClick={onLogout}>
              {t('nav.logOut')}
            </Button>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
