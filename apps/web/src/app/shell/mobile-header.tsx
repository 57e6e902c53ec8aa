import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconHelp, IconLogin, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProfileAvatar } from '../../components/profile-avatar';
import { helpLink } from '../../config/help-links';
import { useBrand } from '../../lib/brand/brand-context';
import { useAuth } from '../../session/use-auth';
import { useAuthLinks } from '../../session/use-auth-links';
import { useLogOut } from '../../session/use-log-out';

/**
 * Spec 2: the mobile header, at the top of the mobile menu (the toggle and logo are in the top bar above it): the
 * user's name ('RTK User' when empty) and e-mail, 'Need Help?' to the help centre (or the brand's help site), and Log out or Log in.
 */
export function MobileHeader() {
  const { t } = useTranslation();
  const auth = useAuth();
  const logOut = useLogOut();
  const authLinks = useAuthLinks();
  const help = helpLink(useBrand());
  const isSignedIn = auth.status === 'signed-in';
  const helpLabel = (
    <Group gap={4} component="span">
      <IconHelp size={16} aria-hidden />
      {t('nav.needHelp')}
    </Group>
  );
  const name = auth.username || t('app.defaultUsername');
  return (
    <Stack gap="sm" pb="sm" mb="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {isSignedIn && (
        <Group gap="sm" wrap="nowrap">
          <ProfileAvatar photoURL={auth.photoURL} name={name} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {auth.email}
            </Text>
          </div>
        </Group>
      )}
      <Group justify="space-between" gap="xs">
        {help.isExternal ? (
          <Anchor href={help.href} target="_blank" rel="noopener noreferrer" size="sm">
            {helpLabel}
          </Anchor>
        ) : (
          <Anchor component={Link} to={help.href} size="sm">
            {helpLabel}
          </Anchor>
        )}
        {isSignedIn ? (
          <Button size="xs" variant="default" leftSection={<IconLogout size={14} />} onClick={logOut}>
            {t('nav.logOut')}
          </Button>
        ) : (
          <Button size="xs" leftSection={<IconLogin size={14} />} onClick={() => authLinks.open('signIn')}>
            {t('nav.logIn')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
