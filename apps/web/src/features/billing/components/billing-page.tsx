import { formatMoney, type Invoice, type PaymentMethod } from '@fixpoint/shared';
import { Anchor, Badge, Button, Card, Group, Loader, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useOwnerScope } from '../../../session/owner-scope';
import { billingKeys, billingQueryOptions, getCustomerSecret } from '../api/billing-api';
import { BillingDetailsForm } from './billing-details-form';
import { LocalCardForm } from './local-card-form';

// Stripe.js and its React bindings load only when a Stripe customer opens the card form.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/**
 * `/settings/billing` (spec 2; the profile menu's Account link) and an organisation's `/org/<id>/settings/billing`
 * (its owners and admins, docs/decisions/0073): the card on file, the details invoices carry, and
 * billing history with PDFs. Spec 2's 'No Billing History' dialog greets an owner with neither subscriptions nor
 * invoices; 'Could Not Retrieve Billing Details' answers a failed read.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const scope = useOwnerScope();
  const billing = useQuery(billingQueryOptions(scope));
  const [dismissed, setDismissed] = useState<'empty' | 'error' | null>(null);
  const isEmpty = billing.isSuccess && billing.data.invoices.length === 0 && !billing.data.hasSubscriptions;

  return (
    <Stack gap="lg" maw={760}>
      {billing.isPending ? (
        <Stack aria-busy>
          <Skeleton height={120} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : billing.isError ? (
        <QueryErrorAlert query={billing} title={t('errors.billingDetails.title')} />
      ) : (
        <>
          <PaymentMethodCard paymentMethod={billing.data.paymentMethod} />
          <BillingDetailsForm
            profile={billing.data.profile}
            fallback={{ name: billing.data.buyerFallback.name, email: billing.data.buyerFallback.email ?? '' }}
          />
          <BillingHistory invoices={billing.data.invoices} />
        </>
      )}

      <Modal
        opened={isEmpty && dismissed !== 'empty'}
        onClose={() => setDismissed('empty')}
        title={t('errors.noBillingHistory.title')}
        centered
      >
        <Stack>
          <Text size="sm">{t('errors.noBillingHistory.description')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setDismissed('empty')}>{t('errors.close')}</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={billing.isError && dismissed !== 'error'}
        onClose={() => setDismissed('error')}
        title={t('errors.billingDetails.title')}
        centered
      >
        <Stack>
          <Text size="sm">{t('errors.billingDetails.description')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setDismissed('error')}>{t('errors.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function PaymentMethodCard({ paymentMethod }: { paymentMethod: PaymentMethod | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  const scope = useOwnerScope();
  const secret = useMutation({ mutationFn: () => getCustomerSecret(scope), onSuccess: () => setEditing(true) });
  const done = async () => {
    setEditing(false);
    secret.reset();
    await queryClient.invalidateQueries({ queryKey: billingKeys.all });
  };
  const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('billing.card.title')}
        </Title>
        {!isEditing && (
          <Group justify="space-between">
            {paymentMethod ? (
              <Group gap="sm">
                <IconCreditCard size={20} aria-hidden />
                <Text size="sm" data-testid="card-on-file">
                  {t('billing.card.onFile', {
                    brand: brandName(paymentMethod.brand),
                    last4: paymentMethod.last4,
                    month: String(paymentMethod.expMonth).padStart(2, '0'),
                    year: paymentMethod.expYear,
                  })}
                </Text>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('billing.card.none')}
              </Text>
            )}
            <Button variant="default" loading={secret.isPending} onClick={() => secret.mutate()}>
              {paymentMethod ? t('billing.card.change') : t('billing.card.add')}
            </Button>
          </Group>
        )}
        {secret.isError && (
          <Text c="red" size="sm">
            {apiErrorMessage(secret.error, t)}
          </Text>
        )}
        {isEditing && secret.data?.provider === 'stripe' && secret.data.publishableKey ? (
          <Suspense fallback={<Loader size="sm" />}>
            <StripeCardForm
              publishableKey={secret.data.publishableKey}
              clientSecret={secret.data.clientSecret}
              onSaved={done}
              onCancel={() => setEditing(false)}
            />
          </Suspense>
        ) : isEditing ? (
          <LocalCardForm onSaved={done} onCancel={() => setEditing(false)} />
        ) : null}
      </Stack>
    </Card>
  );
}

function BillingHistory({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('billing.history.title')}
        </Title>
        {invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('billing.history.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label={t('billing.history.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.history.number')}</Table.Th>
                  <Table.Th>{t('billing.history.date')}</Table.Th>
                  <Table.Th>{t('billing.history.description')}</Table.Th>
                  <Table.Th ta="right">{t('billing.history.amount')}</Table.Th>
                  <Table.Th>{t('billing.history.status')}</Table.Th>
                  <Table.Th>{t('billing.history.pdf')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid="invoice-row">
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{invoice.number}</Table.Td>
                    <Table.Td>
                      {new Date(invoice.issuedAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
                    </Table.Td>
                    <Table.Td>{invoice.description}</Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(invoice.total, invoice.currency)}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={invoice.status === 'paid' ? 'green' : 'gray'}>
                        {t(`billing.history.statuses.${invoice.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        href={invoice.pdfUrl}
                        target="_blank"
                        rel="noopener"
                        size="sm"
                        aria-label={t('billing.history.download', { number: invoice.number })}
                      >
                        <Group gap={4} wrap="nowrap">
                          <IconFileTypePdf size={16} aria-hidden />
                          PDF
                        </Group>
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
