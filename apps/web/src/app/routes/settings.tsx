import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { BillingPage } from '../../features/billing/components/billing-page';
import { AccountSettings } from '../../features/settings/components/account-settings';
import { LanguageSettings } from '../../features/settings/components/language-settings';
import { usePageTitle } from '../../lib/use-page-title';

const settingsPages = ['profile', 'billing'] as const;

/** `/settings` (profile, language) and `/settings/billing`, as tabs; any other page lands on the profile. */
export function SettingsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { settingsPage } = useParams();
  const page = settingsPage === 'billing' ? 'billing' : 'profile';
  usePageTitle(page === 'billing' ? t('nav.billing') : t('settings.title'));
  if (settingsPage && !settingsPages.includes(settingsPage as (typeof settingsPages)[number])) {
    return <Navigate to={paths.settings.getHref()} replace />;
  }
  return (
    <Stack>
      <Title order={1}>{t('settings.title')}</Title>
      <Tabs
        value={page}
        onChange={(value) => navigate(paths.settings.getHref(value === 'billing' ? 'billing' : undefined))}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile">{t('nav.profile')}</Tabs.Tab>
          <Tabs.Tab value="billing">{t('nav.billing')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <Stack>
            <AccountSettings />
            <LanguageSettings />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <BillingPage />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
