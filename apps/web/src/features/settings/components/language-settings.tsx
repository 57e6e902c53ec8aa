import { type Language, languages } from '@fixpoint/shared';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomSelect } from '../../../components/custom-select';
import { useBrand } from '../../../lib/brand/brand-context';
import { languageNames } from '../../../lib/i18n';
import { useUpdateLanguage } from '../api/update-language';

/**
 * The language switcher (spec 1). The choice is cached in local storage by i18next, so it holds on this device, and
 * saved on the account, so e-mails and invoices come in it too; a brand with a static language has no choice to
 * offer.
 */
export function LanguageSettings() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const saveLanguage = useUpdateLanguage();
  const current = (i18n.resolvedLanguage ?? 'en') as Language;
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.language.title')}
        </Title>
        {brand.staticLanguage ? (
          <Text size="sm" c="dimmed">
            {t('settings.language.fixed', { brand: brand.name, language: languageNames[brand.staticLanguage] })}
          </Text>
        ) : (
          <CustomSelect
            label={t('settings.language.label')}
            description={t('settings.language.description')}
            options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
            value={current}
            onChange={(language) => {
              if (!language) return;
              void i18n.changeLanguage(language);
              saveLanguage.mutate(language as Language);
            }}
            maw={320}
          />
        )}
      </Stack>
    </Card>
  );
}
