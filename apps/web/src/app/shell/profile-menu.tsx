import { isRebranded } from '@fixpoint/shared';
import { Menu, UnstyledButton } from '@mantine/core';
import { IconCrown, IconFileText, IconHelp, IconLogout, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProfileAvatar } from '../../components/profile-avatar';
import { type HelpLink, helpLink, privacyLink } from '../../config/help-links';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand/brand-context';
import { purchaseHref } from '../../lib/purchase-dialogs';
import { useAuth } from '../../session/use-auth';
import { useLogOut } from '../../session/use-log-out';

/** A menu entry's link: the router's for the portal's own pages, a new tab for another site. */
function LinkItem({ link, icon, children }: { link: HelpLink; icon: ReactNode; children: ReactNode }) {
  if (link.isExternal) {
    return (
      <Menu.Item component="a" href={link.href} target="_blank" rel="noopener noreferrer" leftSection={icon}>
        {children}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item component={Link} to={link.href} leftSection={icon}>
      {children}
    </Menu.Item>
  );
}

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
            <LinkItem link={helpLink(brand)} icon={<IconHelp size={16} />}>
              {t('nav.help')}
            </LinkItem>
            <LinkItem link={privacyLink()} icon={<IconFileText size={16} />}>
              {t('nav.policy')}
            </LinkItem>
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
