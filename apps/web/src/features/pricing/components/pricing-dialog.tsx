import { byAscendingAmount, type PricingProduct } from '@fixpoint/shared';
import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppAlert } from '../../../components/app-alert';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useAuthLinks } from '../../../session/use-auth-links';
import { NotSignedInError, useCheckout } from '../hooks/use-checkout';
import { PricingGrid } from './pricing-grid';

/**
 * Spec 2: the credits and subscription pricing table dialogs: a title (the plan's name), its description, and the
 * products by ascending amount; scroll height capped at 450 px on small screens. A card's button starts checkout
 * (spec 4); the dialog closes once the checkout page is open, or when it could not start, leaving the error dialog.
 */
export function PricingDialog({
  title,
  description,
  kind,
  products,
  onClose,
}: {
  title: string;
  description?: string;
  kind: 'product' | 'subscription';
  products: PricingProduct[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const authLinks = useAuthLinks();
  const isSmall = useMediaQuery('(max-width: 768px)');
  const checkout = useCheckout({ onOpened: onClose });
  // Spec 4: after a failed start the error dialog shows alone, and closing it closes the purchase altogether.
  const closeAll = () => {
    checkout.reset();
    onClose();
  };
  const sorted = byAscendingAmount(products);
  const widest = Math.min(Math.max(sorted.length, 1), 4);

  return (
    <>
      <Modal
        opened={!checkout.error}
        onClose={onClose}
        title={title}
        centered
        size={widest === 1 ? 'sm' : widest === 2 ? 'lg' : widest === 3 ? 'xl' : '80rem'}
        scrollAreaComponent={isSmall ? ScrollArea.Autosize : undefined}
        styles={isSmall ? { body: { maxHeight: 450 } } : undefined}
      >
        <Stack gap="md">
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
          {sorted.length === 0 ? (
            <Text>{t('pricing.nothingForSale')}</Text>
          ) : (
            <PricingGrid
              products={sorted}
              loadingPriceId={checkout.loadingPriceId}
              onBuy={(product) => checkout.buy({ kind, priceId: product.priceId })}
            />
          )}
        </Stack>
      </Modal>
      <Modal
        opened={Boolean(checkout.error)}
        onClose={closeAll}
        title={t('pricing.checkoutFailed.title')}
        centered
        size="sm"
      >
        <Stack>
          <AppAlert status="error">
            {checkout.error instanceof NotSignedInError
              ? t('errors.auth.checkoutNotLoggedIn')
              : (checkout.error && apiErrorMessage(checkout.error, t)) || t('pricing.checkoutFailed.message')}
          </AppAlert>
          <Group justify="flex-end">
            {checkout.error instanceof NotSignedInError && (
              <Button component={Link} {...authLinks.to('signIn')} variant="default">
                {t('nav.logIn')}
              </Button>
            )}
            <Button onClick={closeAll}>{t('errors.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
