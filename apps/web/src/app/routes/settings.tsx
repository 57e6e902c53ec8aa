import { Box, Group, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../config/paths';
import { ApiKeysCard } from '../../features/api-keys/components/api-keys-card';
import { BillingPage } from '../../features/billing/components/billing-page';
import { NotificationSettingsCard } from '../../features/notifications/components/notification-settings';
import { AccountSettings } from '../../features/settings/components/account-settings';
import { LanguageSettings } from '../../features/settings/components/language-settings';
import { WebhooksCard } from '../../features/webhooks/components/webhooks-card';
import { usePageTitle } from '../../lib/use-page-title';
import { personalScope } from '../../session/owner-scope';

const settingsPages = ['profile', 'security', 'notifications', 'billing', 'api-keys', 'webhooks'] as const;
type SettingsPage = (typeof settingsPages)[number];
const isSettingsPage = (page: string | undefined): page is SettingsPage => settingsPages.includes(page as SettingsPage);

/**
 * `/settings` (profile and language), `/settings/security` (e-mail, password, deleting the account) and
 * `/settings/notifications` (which kinds reach the person on which channel; issue 31) and `/settings/billing`, with
 * a sub-navigation beside them (above them on a phone) instead of one long column (docs/decisions/0051); any other
 * page lands on the profile.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { settingsPage } = useParams();
  const isWide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const page: SettingsPage = isSettingsPage(settingsPage) ? settingsPage : 'profile';
  const labels: Record<SettingsPage, string> = {
    profile: t('nav.profile'),
    security: t('nav.security'),
    notifications: t('nav.notificationSettings'),
    billing: t('nav.billing'),
    'api-keys': t('nav.apiKeys'),
    webhooks: t('nav.webhooks'),
  };
  // The heading and the title name the tab, as every other page names itself (docs/decisions/0074).
  usePageTitle(labels[page]);
  if (settingsPage && !isSettingsPage(settingsPage)) return <Navigate to={paths.settings.getHref()} replace />;

  return (
    <Stack gap="lg">
      {/* A tab added without a description of its own shows none rather than its key. */}
      <PageHeading
        title={labels[page]}
        icon={IconSettings}
        description={t(`settings.descriptions.${page}`, { defaultValue: '' })}
      />
      <Tabs
        value={page}
        onChange={(value) => navigate(paths.settings.getHref(value === 'profile' || !value ? undefined : value))}
        orientation={isWide ? 'vertical' : 'horizontal'}
        variant={isWide ? 'pills' : 'default'}
        keepMounted={false}
      >
        <Group align="flex-start" gap="xl" wrap="nowrap" w="100%" style={{ flexDirection: isWide ? 'row' : 'column' }}>
          <Tabs.List aria-label={t('settings.title')} w={isWide ? 200 : '100%'} style={{ flexShrink: 0 }}>
            {settingsPages.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {labels[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Box flex={1} miw={0} w="100%">
            <Tabs.Panel value="profile">
              <Stack gap="lg">
                <AccountSettings section="profile" />
                <LanguageSettings />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="security">
              <AccountSettings section="security" />
            </Tabs.Panel>
            <Tabs.Panel value="notifications">
              <NotificationSettingsCard scope={personalScope} />
            </Tabs.Panel>
            <Tabs.Panel value="billing">
              <BillingPage />
            </Tabs.Panel>
            <Tabs.Panel value="api-keys">
              <ApiKeysCard scope={personalScope} />
            </Tabs.Panel>
            <Tabs.Panel value="webhooks">
              <WebhooksCard scope={personalScope} />
            </Tabs.Panel>
          </Box>
        </Group>
      </Tabs>
    </Stack>
  );
}
