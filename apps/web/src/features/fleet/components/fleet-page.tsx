import { Stack } from '@mantine/core';
import { IconActivityHeartbeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fleetQueryOptions } from '../../../api/fleet-api';
import { LoadingFallback } from '../../../components/loading-fallback';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useOwnerScope } from '../../../session/owner-scope';
import { fleetStationsQueryOptions } from '../api/fleet-stations-api';
import { FleetView } from './fleet-view';

/** `/fleet` and `/org/:orgId/fleet` (issue 33): how well each rover of the person or organisation does, and why. */
export function FleetPage() {
  const { t } = useTranslation();
  const scope = useOwnerScope();
  const fleet = useQuery(fleetQueryOptions(scope));
  const stations = useQuery(fleetStationsQueryOptions(scope));
  const heading = (
    <PageHeading
      title={t('fleet.title')}
      icon={IconActivityHeartbeat}
      description={t('fleet.intro', { days: fleet.data?.windowDays ?? 7 })}
    />
  );
  if (fleet.isPending) {
    return (
      <Stack gap="lg" maw={1400}>
        {heading}
        <LoadingFallback />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={1400}>
      {heading}
      {fleet.isError ? (
        <QueryErrorAlert query={fleet} />
      ) : (
        <FleetView fleet={fleet.data} stations={stations.data ?? []} label={t('fleet.title')} />
      )}
    </Stack>
  );
}
