import { isRebranded, productLinks } from '@fixpoint/shared';
import { Menu, UnstyledButton } from '@mantine/core';
import { IconCrown, IconFileText, IconHelp, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProfileAvatar } from '../../components/profile-avatar';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand/brand-context';
import { purchaseHref } from '../../lib/purchase-dialogs';
import { useAuth } from '../../session/use-auth';
import { useLogOut } from '../../session/use-log-out';

/**
 * Spec 2: the account link (photo or default icon) opening the profile menu: account (settings/billing), upgrade
 * to pro and the help and policy links only when not rebranded, and log out.
 */
export function ProfileMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const brand = useBrand();
  const logOut = useLogOut();
  const isOwnBrand = !isRebranded(brand);
  return (
    <Menu position="bottom-end" width={240} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.account')} style={{ borderRadius: '50%' }}>
          <ProfileAvatar photoURL={auth.photoURL} name={auth.username || t('app.defaultUsername')} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{auth.email}</Menu.Label>
        {/* Links, not buttons that navigate: they open in a new tab too, and the dead-ends crawl follows them. */}
        <Menu.Item component={Link} to={paths.settings.getHref('billing')} leftSection={<IconUser size={16} />}>
          {t('nav.account')}
        </Menu.Item>
        {isOwnBrand && brand.showPromotion && (
          <Menu.Item
            component={Link}
            to={purchaseHref('subscription')}
            leftSection={<IconCrown size={16} />}
            color="brand"
          >
            {t('nav.upgrade')}
          </Menu.Item>
        )}
        {isOwnBrand && (
          <>
            <Menu.Item
              component="a"
              href={productLinks.documentation}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconHelp size={16} />}
            >
              {t('nav.help')}
            </Menu.Item>
            <Menu.Item
              component="a"
              href={productLinks.privacyPolicy}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconFileText size={16} />}
            >
              {t('nav.policy')}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={logOut}>
          {t('nav.logOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
