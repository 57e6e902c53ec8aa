import { currencySymbol, formatMinorUnits, type PricingProduct } from '@fixpoint/shared';
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Spec 2 "Pricing card": name, test-mode and recommended badges, credits (token products), price with symbol and
 * the interval suffix (subscriptions), the subscribe or purchase button with its loading label, the attributes.
 * In preview mode the button does nothing.
 */
export function PricingCard({
  product,
  isPreview = false,
  isLoading = false,
  isDisabled = false,
  onBuy,
}: {
  product: PricingProduct;
  isPreview?: boolean;
  isLoading?: boolean;
  isDisabled?: boolean;
  onBuy?: (product: PricingProduct) => void;
}) {
  const { t, i18n } = useTranslation();
  const isSubscription = product.type === 'Subscription';
  const nameId = `pricing-card-${product.priceId}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={nameId}
      data-testid="pricing-card"
      style={product.bestChoice ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id={nameId}>
            {product.name}
          </Title>
          <Group gap={4} justify="flex-end">
            {product.testMode && (
              <Badge color="yellow" variant="light" size="sm">
                {t('pricing.testMode')}
              </Badge>
            )}
            {product.bestChoice && (
              <Badge variant="filled" size="sm">
                {t('pricing.recommended')}
              </Badge>
            )}
          </Group>
        </Group>
        {product.type === 'Token' && product.creditsAmount !== undefined && (
          <Text size="sm" c="dimmed" data-testid="pricing-credits">
            {t('pricing.credits', {
              count: product.creditsAmount,
              formatted: product.creditsAmount.toLocaleString(i18n.language),
            })}
          </Text>
        )}
        <Group gap={4} align="baseline" wrap="nowrap">
          <Text fz={28} fw={600} lh={1} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="pricing-price">
            <span>{currencySymbol(product.currency)}</span>
            <span>{formatMinorUnits(product.amount)}</span>
          </Text>
          {isSubscription && product.interval && (
            <Text size="sm" c="dimmed">
              {t(`pricing.per.${product.interval}`)}
            </Text>
          )}
        </Group>
        {isSubscription && product.seats !== undefined && product.seats > 1 && (
          <Text size="sm" c="dimmed">
            {t('pricing.seats', { count: product.seats })}
          </Text>
        )}
        <Button
          fullWidth
          variant={product.bestChoice ? 'filled' : 'default'}
          loading={isLoading}
          disabled={isDisabled && !isLoading}
          loaderProps={{ type: 'dots' }}
          aria-label={`${isSubscription ? t('pricing.subscribe') : t('pricing.purchase')}: ${product.name}`}
          onClick={isPreview ? undefined : () => onBuy?.(product)}
          data-preview={isPreview || undefined}
        >
          {isLoading ? t('pricing.loading') : isSubscription ? t('pricing.subscribe') : t('pricing.purchase')}
        </Button>
        {product.attributes.length > 0 && (
          <List
            spacing={6}
            size="sm"
            icon={
              <ThemeIcon size={18} radius="xl" variant="light" color="green">
                <IconCheck size={12} />
              </ThemeIcon>
            }
            aria-label={t('pricing.included')}
          >
            {product.attributes.map((attribute) => (
              <List.Item key={attribute}>{attribute}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
