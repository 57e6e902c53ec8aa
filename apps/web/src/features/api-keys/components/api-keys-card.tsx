import type { ApiKey } from '@fixpoint/shared';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListCard } from '../../../components/list-card';
import { ListTable } from '../../../components/list-page';
import type { OwnerScope } from '../../../session/owner-scope';
import { apiKeyKeys, apiKeysQueryOptions, revokeApiKey } from '../api/api-keys-api';
import { CreateApiKeyDialog } from './create-api-key-dialog';

/**
 * The owner's API keys (issue 32, decision 0077): create one (shown once, with copy), see name, prefix, scopes,
 * created, last used and expiry, and revoke one at once. The person's under Settings, an organisation's on its own
 * page for its owners and admins.
 */
export function ApiKeysCard({ scope }: { scope: OwnerScope }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(apiKeysQueryOptions(scope));
  const [isCreating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => revokeApiKey(scope, id),
    onSuccess: () => {
      setRevoking(null);
      return client.invalidateQueries({ queryKey: apiKeyKeys.list(scope) });
    },
  });
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' }) : '–';

  return (
    <>
      <ListCard
        title={t('apiKeys.title')}
        description={
          <>
            {t('apiKeys.intro')}{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener" size="sm">
              {t('apiKeys.docsLink')}
            </Anchor>
          </>
        }
        createLabel={t('apiKeys.create')}
        onCreate={() => setCreating(true)}
        query={query}
        emptyIcon={IconKey}
        emptyText={t('apiKeys.empty')}
        actionError={revoking ? null : revoke.error}
      >
        {(keys) => (
          <ListTable
            label={t('apiKeys.title')}
            minWidth={640}
            columns={[
              { header: t('apiKeys.columns.name') },
              { header: t('apiKeys.columns.scopes') },
              { header: t('apiKeys.columns.created') },
              { header: t('apiKeys.columns.lastUsed') },
              { header: t('apiKeys.columns.expires') },
            ]}
            hasActions
          >
            {keys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {key.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {key.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {key.scopes.map((scopeName) => (
                      <Badge key={scopeName} variant="light" size="sm" tt="none">
                        {scopeName}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{date(key.createdAt)}</Text>
                  {key.createdBy && scope.kind === 'organization' && (
                    <Text size="xs" c="dimmed">
                      {key.createdBy.name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{key.lastUsedAt ? date(key.lastUsedAt) : t('apiKeys.never')}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{key.expiresAt ? date(key.expiresAt) : t('apiKeys.noExpiry')}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => setRevoking(key)}
                    aria-label={t('apiKeys.revokeNamed', { name: key.name })}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListCard>
      {isCreating && (
        <CreateApiKeyDialog
          scope={scope}
          onClose={() => setCreating(false)}
          onCreated={() => client.invalidateQueries({ queryKey: apiKeyKeys.list(scope) })}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={t('apiKeys.revokeTitle', { name: revoking.name })}
          text={t('apiKeys.revokeText', { prefix: revoking.prefix })}
          confirmLabel={t('apiKeys.revoke')}
          cancelLabel={t('apiKeys.cancel')}
          error={revoke.error}
          isPending={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking.id)}
          onClose={() => {
            setRevoking(null);
            revoke.reset();
          }}
        />
      )}
    </>
  );
}
