import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../../../lib/brand/brand-context';
import { salesHref } from '../hooks/use-sales-dialog';

/**
 * The dashboard's promotion (spec 1): the branded RTK platform, with a call-to-action that opens the sales flow.
 * Shown only in brands whose promotion flag is set.
 */
export function PromotionCard() {
  const { t } = useTranslation();
  const brand = useBrand();
  const titleId = useId();
  if (!brand.showPromotion) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      bg="var(--mantine-primary-color-light)"
      component="aside"
      aria-labelledby={titleId}
    >
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap" style={{ flex: '1 1 420px' }}>
          <ThemeIcon size={44} radius="md" aria-hidden>
            <IconRocket size={24} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              {t('dashboard.userActions.promotion.title')}
            </Title>
            <Text size="sm">{t('dashboard.userActions.promotion.description')}</Text>
          </Stack>
        </Group>
        <Button component={Link} to={salesHref()} variant="filled">
          {t('dashboard.userActions.promotion.button')}
        </Button>
      </Group>
    </Card>
  );
}
