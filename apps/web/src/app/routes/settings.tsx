import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountSettings } from '../../features/settings/components/account-settings';
import { LanguageSettings } from '../../features/settings/components/language-settings';
import { usePageTitle } from '../../lib/use-page-title';

export function SettingsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('settings.title'));
  return (
    <Stack>
      <Title order={1}>{t('settings.title')}</Title>
      <AccountSettings />
      <LanguageSettings />
    </Stack>
  );
}
