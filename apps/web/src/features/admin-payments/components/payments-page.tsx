import type { PaymentSettings } from '@fixpoint/shared';
import {
  Alert,
  Badge,
  Card,
  Code,
  Group,
  List,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CopyButton } from '../../../components/copy-button';
import { ListPage, ListTable } from '../../../components/list-page';
import { paymentSettingsQueryOptions } from '../api/admin-payments-api';

const outcomeColor = { processed: 'green', ignored: 'gray', failed: 'red', needs_review: 'yellow' } as const;

/** `?show=needs-review`: only the payments held for review (docs/decisions/0063). */
const reviewFilter = 'needs-review';

/** Admin → Settings → Payments: which provider takes payments, in which mode, where Stripe sends events, and how they fared. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const settings = useQuery(paymentSettingsQueryOptions());
  return (
    <ListPage
      title={t('adminPayments.title')}
      icon={IconCreditCard}
      description={t('adminPayments.intro')}
      maw={1200}
      query={settings}
      loading={<Skeleton height={160} radius="md" />}
    >
      {(data) => <PaymentSettingsSections settings={data} />}
    </ListPage>
  );
}

/** The provider and its mode, where Stripe sends events, the review warning, and the deliveries with their filter. */
function PaymentSettingsSections({ settings }: { settings: PaymentSettings }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const isReviewOnly = params.get('show') === reviewFilter;
  const { provider, mode, webhookUrl, webhookEvents, events: allEvents, needsReview } = settings;
  const events = isReviewOnly ? allEvents.filter((event) => event.outcome === 'needs_review') : allEvents;
  return (
    <>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4">
              {t(`adminPayments.provider.${provider}`)}
            </Title>
            <Badge color={mode === 'live' ? 'green' : 'yellow'} variant="light" data-testid="payment-mode">
              {t(`adminPayments.mode.${mode}`)}
            </Badge>
          </Group>
          {provider === 'local' ? (
            <Text size="sm">{t('adminPayments.localHint')}</Text>
          ) : (
            <>
              <Text size="sm">{t('adminPayments.webhookHint')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="webhook-url">{webhookUrl}</Code>
                {webhookUrl && <CopyButton value={webhookUrl} label={t('adminPayments.copyWebhook')} />}
              </Group>
              <List size="sm" aria-label={t('adminPayments.events')}>
                {webhookEvents.map((event) => (
                  <List.Item key={event}>
                    <Code>{event}</Code>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      </Card>
      {needsReview > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={t('adminPayments.review.title', { count: needsReview })}
          data-testid="payments-review-alert"
        >
          {t('adminPayments.review.text')}
        </Alert>
      )}
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {t('adminPayments.deliveries')}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t('adminPayments.filter.label')}
            value={isReviewOnly ? reviewFilter : 'all'}
            onChange={(value) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (value === reviewFilter) next.set('show', reviewFilter);
                  else next.delete('show');
                  return next;
                },
                { replace: true },
              )
            }
            data={[
              { value: 'all', label: t('adminPayments.filter.all') },
              { value: reviewFilter, label: t('adminPayments.filter.needsReview', { count: needsReview }) },
            ]}
          />
        </Group>
        {events.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t(isReviewOnly ? 'adminPayments.noReview' : 'adminPayments.noDeliveries')}
          </Text>
        ) : (
          <ListTable
            label={t('adminPayments.deliveries')}
            minWidth={720}
            verticalSpacing="xs"
            columns={[
              { header: t('adminPayments.columns.time') },
              { header: t('adminPayments.columns.type') },
              { header: t('adminPayments.columns.outcome') },
              { header: t('adminPayments.columns.deliveries'), isNumeric: true },
              { header: t('adminPayments.columns.detail') },
            ]}
          >
            {events.map((event) => (
              <Table.Tr key={event.eventId} data-testid="payment-event">
                <Table.Td>{new Date(event.lastDeliveryAt).toLocaleString(i18n.language)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{event.type}</Text>
                  <Text size="xs" c="dimmed">
                    {event.eventId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* Its whole word, never cut to "Needs rev…" by a narrow column. */}
                  <Badge color={outcomeColor[event.outcome]} variant="light" miw="max-content">
                    {t(`adminPayments.outcome.${event.outcome}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{event.deliveries}</Table.Td>
                <Table.Td>
                  <Text size="sm">{event.detail ?? '—'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
    </>
  );
}
