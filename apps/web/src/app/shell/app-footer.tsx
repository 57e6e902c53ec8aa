import { defaultBrandKey, getBrand, isRebranded } from '@fixpoint/shared';
import { Group, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { TermsLink } from '../../components/legal/terms-link';
import { useBrand } from '../../lib/brand/brand-context';

/** Spec 2: a powered-by note when rebranded, otherwise the terms link and the copyright year. */
export function AppFooter() {
  const { t } = useTranslation();
  const brand = useBrand();
  if (isRebranded(brand)) {
    return (
      <Group h="100%" px="md" justify="center">
        <Text size="sm" c="dimmed">
          <Trans
            i18nKey="footer.poweredBy"
            values={{ product: getBrand(defaultBrandKey).name }}
            // The product's name, not a link: it has no site of its own a reseller's customer could use.
            components={{ product: <Text span inherit fw={600} /> }}
          />
        </Text>
      </Group>
    );
  }
  return (
    <Group h="100%" px="md" justify="space-between">
      <TermsLink size="sm">{t('footer.terms')}</TermsLink>
      {/* The prerendered page's year is the server's (docs/decisions/0053): at New Year it may be the browser's last. */}
      <Text size="sm" c="dimmed" suppressHydrationWarning>
        {t('footer.copyright', { year: new Date().getFullYear(), brand: brand.name })}
      </Text>
    </Group>
  );
}
