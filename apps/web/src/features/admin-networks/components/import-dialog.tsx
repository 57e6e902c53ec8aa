import type { ImportChange } from '@fixpoint/shared';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminNetworkKeys, applyImport, previewImport } from '../../../api/admin-networks-api';
import { ErrorAlert } from '../../../components/error-alert';
import { apiErrorMessage } from '../../../lib/api-error-message';

const actionColor: Record<ImportChange['action'], string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'gray',
  conflict: 'red',
};

const show = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'boolean'
      ? value
        ? '✓'
        : '✗'
      : String(value);

/**
 * Issue 6's import: reads the upstream caster's sourcetable, shows what would be created or changed (field by field),
 * and applies the chosen rows in one transaction.
 */
export function ImportDialog({ networkId, onClose }: { networkId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: [...adminNetworkKeys.detail(networkId), 'import-preview'],
    queryFn: () => previewImport(networkId),
    retry: false,
    gcTime: 0,
  });
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const apply = useMutation({
    mutationFn: (mounts: string[]) => applyImport(networkId, mounts),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminNetworkKeys.all }),
  });

  const actionable = preview.data?.changes.filter((c) => c.action === 'create' || c.action === 'update') ?? [];
  const chosen = actionable.filter((c) => !unchecked.has(c.upstreamMountpoint)).map((c) => c.upstreamMountpoint);
  const toggle = (mount: string) =>
    setUnchecked((current) => {
      const next = new Set(current);
      if (next.has(mount)) next.delete(mount);
      else next.add(mount);
      return next;
    });

  return (
    <Modal opened onClose={onClose} title={t('adminNetworks.import.title')} size="xl">
      <Stack gap="md">
        {preview.isPending ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('adminNetworks.import.fetching')}</Text>
          </Group>
        ) : preview.isError ? (
          <Alert color="red" title={t('adminNetworks.import.failed')} data-testid="import-error">
            {apiErrorMessage(preview.error, t)}
          </Alert>
        ) : apply.isSuccess ? (
          <Alert color="green" data-testid="import-result">
            {t('adminNetworks.import.done', {
              created: apply.data.created.length,
              updated: apply.data.updated.length,
            })}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('adminNetworks.import.from', { source: preview.data.source })}
            </Text>
            <Group gap="xs" data-testid="import-summary">
              {(['create', 'update', 'unchanged', 'conflict'] as const).map((action) => (
                <Badge key={action} color={actionColor[action]} variant="light">
                  {t(`adminNetworks.import.summary.${action}`, { count: preview.data.summary[action] })}
                </Badge>
              ))}
            </Group>
            {preview.data.changes.length === 0 ? (
              <Text>{t('adminNetworks.import.noStreams')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={640} mah={420}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40}>
                        <VisuallyHidden>{t('adminNetworks.import.apply')}</VisuallyHidden>
                      </Table.Th>
                      <Table.Th>{t('adminNetworks.stations.mountpoint')}</Table.Th>
                      <Table.Th>{t('adminNetworks.import.change')}</Table.Th>
                      <Table.Th>{t('adminNetworks.import.fields')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.data.changes.map((change) => {
                      const canApply = change.action === 'create' || change.action === 'update';
                      return (
                        <Table.Tr
                          key={change.upstreamMountpoint}
                          data-testid={`import-row-${change.upstreamMountpoint}`}
                        >
                          <Table.Td>
                            {canApply && (
                              <Checkbox
                                aria-label={t('adminNetworks.import.include', { mountpoint: change.mountpoint })}
                                checked={!unchecked.has(change.upstreamMountpoint)}
                                onChange={() => toggle(change.upstreamMountpoint)}
                              />
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Text fw={600} size="sm">
                              {change.mountpoint}
                            </Text>
                            {change.mountpoint !== change.upstreamMountpoint && (
                              <Text size="xs" c="dimmed">
                                {t('adminNetworks.import.upstreamName', { name: change.upstreamMountpoint })}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Badge color={actionColor[change.action]} variant="light">
                              {t(`adminNetworks.import.action.${change.action}`)}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            {change.note ? (
                              <Text size="sm" c="red.8">
                                {change.note}
                              </Text>
                            ) : change.action === 'update' ? (
                              <Stack gap={2}>
                                {change.fields.map((field) => (
                                  <Text size="sm" key={field.field}>
                                    {t(`adminNetworks.import.field.${field.field}`)}: {show(field.from)} →{' '}
                                    {show(field.to)}
                                  </Text>
                                ))}
                              </Stack>
                            ) : change.action === 'create' ? (
                              <Text size="sm">
                                {[
                                  change.fields.find((f) => f.field === 'latitude')?.to,
                                  change.fields.find((f) => f.field === 'longitude')?.to,
                                ]
                                  .map(show)
                                  .join(', ')}
                                {' · '}
                                {show(change.fields.find((f) => f.field === 'format')?.to ?? null)}
                              </Text>
                            ) : (
                              <Text size="sm" c="dimmed">
                                {t('adminNetworks.import.same')}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
        <ErrorAlert error={apply.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {apply.isSuccess ? t('adminNetworks.close') : t('adminNetworks.cancel')}
          </Button>
          {preview.isSuccess && !apply.isSuccess && (
            <Button disabled={chosen.length === 0} loading={apply.isPending} onClick={() => apply.mutate(chosen)}>
              {t('adminNetworks.import.applyCount', { count: chosen.length })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
