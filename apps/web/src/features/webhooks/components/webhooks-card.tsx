import type { WebhookEndpoint } from '@fixpoint/shared';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListCard } from '../../../components/list-card';
import { ListTable } from '../../../components/list-page';
import type { OwnerScope } from '../../../session/owner-scope';
import { deleteWebhook, updateWebhook, webhookKeys, webhooksQueryOptions } from '../api/webhooks-api';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { DeliveriesDialog } from './deliveries-dialog';

/**
 * The owner's webhook endpoints (issue 32, decision 0078): add one (its signing secret shown once, with copy), see
 * its events and whether it is disabled and why, open its delivery log (response codes, replay), re-enable it after
 * 24 hours of failures, delete it. The person's under Settings, an organisation's on its own page for its managers.
 */
export function WebhooksCard({ scope }: { scope: OwnerScope }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(webhooksQueryOptions(scope));
  const [isCreating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.list(scope) });
  const enable = useMutation({
    mutationFn: (id: string) => updateWebhook(scope, id, { isDisabled: false }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteWebhook(scope, id),
    onSuccess: () => {
      setDeleting(null);
      return refresh();
    },
  });

  return (
    <>
      <ListCard
        title={t('webhooks.title')}
        description={
          <>
            {t('webhooks.intro')}{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener" size="sm">
              {t('webhooks.docsLink')}
            </Anchor>
          </>
        }
        createLabel={t('webhooks.create')}
        onCreate={() => setCreating(true)}
        query={query}
        emptyIcon={IconWebhook}
        emptyText={t('webhooks.empty')}
        actionError={enable.error}
      >
        {(endpoints) => (
          <ListTable
            label={t('webhooks.title')}
            minWidth={640}
            columns={[
              { header: t('webhooks.columns.url') },
              { header: t('webhooks.columns.events') },
              { header: t('webhooks.columns.status') },
              { header: t('webhooks.columns.actions') },
            ]}
          >
            {endpoints.map((endpoint) => (
              <Table.Tr key={endpoint.id}>
                <Table.Td maw={280}>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {endpoint.url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {endpoint.events.map((event) => (
                      <Badge key={event} variant="light" size="sm" tt="none">
                        {event}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={endpoint.isDisabled ? 'red' : 'teal'} variant="light">
                    {endpoint.isDisabled ? t('webhooks.disabled') : t('webhooks.active')}
                  </Badge>
                  {endpoint.disabledReason && (
                    <Text size="xs" c="dimmed">
                      {endpoint.disabledReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setLogOf(endpoint)}>
                      {t('webhooks.deliveries')}
                    </Button>
                    {endpoint.isDisabled && (
                      <Button
                        size="xs"
                        loading={enable.isPending && enable.variables === endpoint.id}
                        onClick={() => enable.mutate(endpoint.id)}
                      >
                        {t('webhooks.enable')}
                      </Button>
                    )}
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(endpoint)}>
                      {t('webhooks.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListCard>
      {isCreating && <CreateWebhookDialog scope={scope} onClose={() => setCreating(false)} onCreated={refresh} />}
      {logOf && <DeliveriesDialog scope={scope} endpoint={logOf} onClose={() => setLogOf(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('webhooks.deleteTitle')}
          text={t('webhooks.deleteBody', { url: deleting.url })}
          confirmLabel={t('webhooks.delete')}
          cancelLabel={t('webhooks.cancel')}
          error={remove.error}
          isPending={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id)}
          onClose={() => {
            setDeleting(null);
            remove.reset();
          }}
        />
      )}
    </>
  );
}
