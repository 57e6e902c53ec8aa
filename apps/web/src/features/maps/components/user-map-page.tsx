import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingFallback } from '../../../components/loading-fallback';
import { CoverageMap } from '../../../components/map/coverage-map';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { useOwnerScope } from '../../../session/owner-scope';
import { userMapQueryOptions } from '../api/maps-api';
import { RoversTable } from './rovers-table';

/**
 * /map and /org/:orgId/map: coverage of the networks the user's (or the organisation's) accounts can use now, their
 * stations and rovers.
 */
export function UserMapPage() {
  const { t } = useTranslation();
  const scope = useOwnerScope();
  const map = useQuery(userMapQueryOptions(scope));
  if (map.isPending) return <LoadingFallback />;
  if (map.isError) {
    return (
      <Stack gap="lg" maw={1400}>
        <PageHeading title={t('maps.userHeading')} icon={IconMap} description={t('maps.userIntro')} />
        <QueryErrorAlert query={map} />
      </Stack>
    );
  }
  const { stations, rovers } = map.data;
  return (
    <Stack gap="lg" maw={1400}>
      <PageHeading title={t('maps.userHeading')} icon={IconMap} description={t('maps.userIntro')} />
      {stations.length === 0 && (
        <Alert color="blue" title={t('maps.noAccessTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('maps.noAccessText')}</Text>
            <Button component={Link} to={paths.marketplace.getHref()} size="xs" variant="default">
              {t('maps.viewNetworks')}
            </Button>
          </Stack>
        </Alert>
      )}
      <CoverageMap stations={stations} rovers={rovers} label={t('maps.userHeading')} />
      <RoversTable rovers={rovers} emptyText={t('maps.noRovers')} />
      <Anchor component={Link} to={paths.status.getHref()} size="sm">
        {t('marketplace.statusLink')}
      </Anchor>
    </Stack>
  );
}
