import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCoins, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { useAuth } from '../../../session/use-auth';
import { subscriptionPricingTablesQueryOptions, tokenProductsQueryOptions } from '../api/pricing-api';

/**
 * Spec 2 "Credits panel": on the user dashboard, hidden for admins and when nothing is for sale. Buying a
 * subscription opens the one pricing table, or the chooser when there are several.
 */
export function CreditsPanel({ balance }: { balance: number | undefined }) {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const tables = useQuery(subscriptionPricingTablesQueryOptions());
  const tokens = useQuery(tokenProductsQueryOptions());
  const hasCredits = (tokens.data?.data.length ?? 0) > 0;
  const hasTables = (tables.data?.length ?? 0) > 0;
  if (auth.isAdmin !== false || (!hasCredits && !hasTables)) return null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="credits-panel-title">
      <Group justify="space-between" gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="credits-panel-title">
            {t('pricing.panel.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {balance === undefined
              ? t('pricing.panel.intro')
              : t('pricing.panel.balance', { count: balance, formatted: balance.toLocaleString(i18n.language) })}
          </Text>
        </Stack>
        <Group gap="sm">
          {hasTables && (
            <Button
              component={Link}
              to={purchaseHref('subscription')}
              variant="default"
              leftSection={<IconReceipt size={16} />}
            >
              {t('pricing.panel.buySubscription')}
            </Button>
          )}
          {hasCredits && (
            <Button component={Link} to={purchaseHref('credits')} leftSection={<IconCoins size={16} />}>
              {t('pricing.panel.buyCredits')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
