import type { NetworkTemplate } from '@fixpoint/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconNetwork, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  adminNetworkKeys,
  adminNetworksQueryOptions,
  deleteTemplate,
  templatesQueryOptions,
} from '../../../api/admin-networks-api';
import { CardTable } from '../../../components/card-table/card-table';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingFallback } from '../../../components/loading-fallback';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { CreateNetworkDialog } from './create-network-dialog';
import { TemplateDialog } from './template-dialog';

/** /admin/networks: every network (hosted and relay, hidden or published) and the templates they are made from. */
export function NetworksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const networks = useQuery(adminNetworksQueryOptions());
  const templates = useQuery(templatesQueryOptions());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<NetworkTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NetworkTemplate | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteTemplate(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminNetworkKeys.all });
      setDeleting(null);
    },
  });

  if (networks.isPending || templates.isPending) return <LoadingFallback />;
  if (networks.isError || templates.isError) {
    return (
      <Stack gap="xl">
        <PageHeading title={t('adminNetworks.title')} icon={IconNetwork} description={t('adminNetworks.description')} />
        <QueryErrorAlert query={[networks, templates]} />
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <PageHeading
        title={t('adminNetworks.title')}
        icon={IconNetwork}
        description={t('adminNetworks.description')}
        actions={
          <>
            <Button variant="default" leftSection={<IconTemplate size={16} />} onClick={() => setEditing('new')}>
              {t('adminNetworks.templates.new')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('adminNetworks.create.title')}
            </Button>
          </>
        }
      />

      <CardTable
        title={t('adminNetworks.networksTitle')}
        nameHeader={t('adminNetworks.name')}
        emptyText={t('adminNetworks.empty')}
        columns={[
          { key: 'code', header: t('adminNetworks.code') },
          { key: 'kind', header: t('adminNetworks.kind.label') },
          { key: 'stations', header: t('adminNetworks.stations.title') },
          { key: 'price', header: t('adminNetworks.dailyPrice') },
          { key: 'status', header: t('adminNetworks.status.label'), isColored: true },
        ]}
        rows={networks.data.map((network) => ({
          id: network.id,
          name: network.name,
          indicatorColor: network.isPublished ? 'green' : 'gray',
          records: {
            code: network.code,
            kind: t(`adminNetworks.kind.${network.kind}`),
            stations: network.stationCount,
            price: network.dailyPrice,
            status: network.isPublished ? t('adminNetworks.status.published') : t('adminNetworks.status.hidden'),
          },
          action: {
            text: t('adminNetworks.manage'),
            color: 'green' as const,
            onClick: () => navigate(paths.admin.networks.getHref(network.id)),
          },
        }))}
      />

      <CardTable
        title={t('adminNetworks.templates.title')}
        nameHeader={t('adminNetworks.templates.name')}
        emptyText={t('adminNetworks.templates.empty')}
        columns={[
          { key: 'kind', header: t('adminNetworks.kind.label') },
          { key: 'port', header: t('adminNetworks.templates.defaultPort') },
          { key: 'version', header: t('adminNetworks.templates.ntripVersion') },
          { key: 'auth', header: t('adminNetworks.templates.authentication') },
          { key: 'gga', header: t('adminNetworks.templates.gga') },
          { key: 'price', header: t('adminNetworks.dailyPrice') },
          { key: 'networks', header: t('adminNetworks.templates.networks') },
        ]}
        rows={templates.data.map((template) => ({
          id: template.id,
          name: template.name,
          onEdit: () => setEditing(template),
          records: {
            kind: t(`adminNetworks.kind.${template.kind}`),
            port: template.defaultPort,
            version: `NTRIP ${template.ntripVersion}.0`,
            auth:
              template.authentication === 'basic'
                ? t('adminNetworks.templates.authBasic')
                : t('adminNetworks.templates.authNone'),
            gga: template.needsGga ? t('adminNetworks.yes') : t('adminNetworks.no'),
            price: template.dailyPrice,
            networks: template.networkCount,
          },
          action: { text: t('adminNetworks.delete'), color: 'red' as const, onClick: () => setDeleting(template) },
        }))}
      />

      {creating && <CreateNetworkDialog opened templates={templates.data} onClose={() => setCreating(false)} />}
      {editing && (
        <TemplateDialog opened template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('adminNetworks.templates.deleteTitle', { name: deleting?.name ?? '' })}
      >
        <Stack>
          <Text>{t('adminNetworks.templates.deleteText', { count: deleting?.networkCount ?? 0 })}</Text>
          <ErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('adminNetworks.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              {t('adminNetworks.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
