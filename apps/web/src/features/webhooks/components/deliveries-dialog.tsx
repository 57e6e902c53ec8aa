import type { WebhookDelivery, WebhookEndpoint } from '@fixpoint/shared';
import { Badge, Button, Code, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ListTable } from '../../../components/list-page';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import type { OwnerScope } from '../../../session/owner-scope';
import { deliveriesQueryOptions, replayDelivery, webhookKeys } from '../api/webhooks-api';

const statusColor: Record<WebhookDelivery['status'], string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };

/** An endpoint's delivery log: event, status, response code, attempts and times, and a replay per delivery. */
export function DeliveriesDialog({
  scope,
  endpoint,
  onClose,
}: {
  scope: OwnerScope;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(deliveriesQueryOptions(scope, endpoint.id));
  const replay = useMutation({
    mutationFn: (deliveryId: string) => replayDelivery(scope, endpoint.id, deliveryId),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(scope, endpoint.id) }),
  });
  const time = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }) : '–';
  const items = query.data?.items ?? [];

  return (
    <Modal opened onClose={onClose} title={t('webhooks.deliveriesTitle')} centered size="xl">
      <Stack>
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Text>
        <QueryErrorAlert query={query} />
        <ErrorAlert error={replay.error} />
        {query.isPending && <Skeleton h={120} />}
        {query.isSuccess && items.length === 0 && <Text size="sm">{t('webhooks.noDeliveries')}</Text>}
        {items.length > 0 && (
          <ListTable
            label={t('webhooks.deliveriesTitle')}
            minWidth={720}
            verticalSpacing="xs"
            columns={[
              { header: t('webhooks.columns.event') },
              { header: t('webhooks.columns.status') },
              { header: t('webhooks.columns.response') },
              { header: t('webhooks.columns.attempts') },
              { header: t('webhooks.columns.created') },
              { header: t('webhooks.columns.lastAttempt') },
              { header: t('webhooks.columns.actions') },
            ]}
          >
            {items.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  <Code>{delivery.eventType}</Code>
                  {delivery.replayOf && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.replayed')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColor[delivery.status]} variant="light">
                    {t(`webhooks.statuses.${delivery.status}`)}
                  </Badge>
                  {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.nextAttempt', { time: time(delivery.nextAttemptAt) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{delivery.responseCode ?? '–'}</Text>
                  {delivery.lastError && (
                    <Text size="xs" c="dimmed">
                      {delivery.lastError}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>
                  <Text size="sm">{time(delivery.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{time(delivery.lastAttemptAt)}</Text>
                </Table.Td>
                <Table.Td>
                  {delivery.status !== 'pending' && (
                    <Button
                      size="xs"
                      variant="default"
                      loading={replay.isPending && replay.variables === delivery.id}
                      onClick={() => replay.mutate(delivery.id)}
                      aria-label={t('webhooks.replayNamed', {
                        event: delivery.eventType,
                        time: time(delivery.createdAt),
                      })}
                    >
                      {t('webhooks.replay')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
    </Modal>
  );
}
