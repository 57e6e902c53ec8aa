import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';

/** Spec 2: account (settings/billing) and log out; upgrade and help links arrive with the brands work. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.account')}>
          <Avatar src={auth.photoURL} alt={auth.username} radius="xl" color="blue">
            {auth.photoURL ? null : <IconUser size={20} />}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{auth.email}</Menu.Label>
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate(paths.settings.getHref('billing'))}>
          {t('nav.account')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={async () => {
            await auth.logout();
            navigate(paths.dashboard.getHref());
          }}
        >
          {t('nav.logOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
