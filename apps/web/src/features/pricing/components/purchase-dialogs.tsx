import type { PricingTable } from '@fixpoint/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingFallback } from '../../../components/loading-fallback';
import { track } from '../../../lib/analytics';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { usePurchaseDialogs } from '../../../lib/purchase-dialogs';
import { useScopeAccess } from '../../../session/use-scope-access';
import { subscriptionPricingTablesQueryOptions, tokenProductsQueryOptions } from '../api/pricing-api';
import { PlanSelectionDialog } from './plan-selection-dialog';
import { PricingDialog } from './pricing-dialog';

/**
 * The purchase dialogs, opened from the address (`?buy=credits|subscription`): the credits pricing table, or the
 * subscription pricing table of the one plan (or the network asked for), else the plan chooser first. On an
 * organisation's pages only its admins and owners buy (for the organisation), and only once it is active.
 */
export function PurchaseDialogs() {
  const { open, networkId, close } = usePurchaseDialogs();
  const { canWrite } = useScopeAccess();
  if (!canWrite) return null;
  if (open === 'credits') return <CreditsPurchase onClose={close} />;
  if (open === 'subscription') return <SubscriptionPurchase networkId={networkId} onClose={close} />;
  return null;
}

function CreditsPurchase({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const tokens = useQuery(tokenProductsQueryOptions());
  useEffect(() => track('tokenOpenPricingTable'), []);
  if (tokens.isPending) return <LoadingDialog onClose={onClose} />;
  if (tokens.isError) return <UnavailableDialog message={apiErrorMessage(tokens.error, t)} onClose={onClose} />;
  return (
    <PricingDialog
      title={t('pricing.creditsTitle')}
      description={t('pricing.creditsDescription')}
      kind="product"
      products={tokens.data.data}
      onClose={onClose}
    />
  );
}

function SubscriptionPurchase({ networkId, onClose }: { networkId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tables = useQuery(subscriptionPricingTablesQueryOptions());
  const [chosen, setChosen] = useState<PricingTable | null>(null);
  if (tables.isPending) return <LoadingDialog onClose={onClose} />;
  if (tables.isError) return <UnavailableDialog message={apiErrorMessage(tables.error, t)} onClose={onClose} />;
  const forNetwork = networkId ? tables.data.filter((table) => table.networkId === networkId) : tables.data;
  const table = chosen ?? (forNetwork.length === 1 ? forNetwork[0] : undefined);
  if (table) return <SubscriptionTableDialog table={table} onClose={onClose} />;
  if (forNetwork.length === 0) return <UnavailableDialog onClose={onClose} />;
  return <PlanSelectionDialog tables={forNetwork} onSelect={setChosen} onClose={onClose} />;
}

function SubscriptionTableDialog({ table, onClose }: { table: PricingTable; onClose: () => void }) {
  useEffect(() => track('subscriptionOpenPricingTable', { network: table.networkName ?? table.name }), [table]);
  return (
    <PricingDialog
      title={table.name}
      description={table.description || undefined}
      kind="subscription"
      products={table.data}
      onClose={onClose}
    />
  );
}

function LoadingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('pricing.loadingPrices')} centered size="sm">
      <LoadingFallback />
    </Modal>
  );
}

function UnavailableDialog({ message, onClose }: { message?: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('pricing.unavailable.title')} centered size="sm">
      <Stack>
        <Text size="sm">{message ?? t('pricing.unavailable.message')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('errors.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
