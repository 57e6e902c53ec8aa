import { Box, Group, Stack, Tabs, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { BillingPage } from '../../features/billing/components/billing-page';
import { AccountSettings } from '../../features/settings/components/account-settings';
import { LanguageSettings } from '../../features/settings/components/language-settings';
import { usePageTitle } from '../../lib/use-page-title';

const settingsPages = ['profile', 'security', 'billing'] as const;
type SettingsPage = (typeof settingsPages)[number];
const isSettingsPage = (page: string | undefined): page is SettingsPage => settingsPages.includes(page as SettingsPage);

/**
 * `/settings` (profile and language), `/settings/security` (e-mail, password, deleting the account) and
 * `/settings/billing`, with a sub-navigation beside them (above them on a phone) instead of one long column
 * (docs/decisions/0051); any other page lands on the profile.
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
    billing: t('nav.billing'),
  };
  usePageTitle(page === 'profile' ? t('settings.title') : labels[page]);
  if (settingsPage && !isSettingsPage(settingsPage)) return <Navigate to={paths.settings.getHref()} replace />;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('settings.title')}</Title>
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
            <Tabs.Panel value="billing">
              <BillingPage />
            </Tabs.Panel>
          </Box>
        </Group>
      </Tabs>
    </Stack>
  );
}
