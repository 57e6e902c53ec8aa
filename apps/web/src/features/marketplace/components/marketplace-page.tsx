import type { PublicNetwork } from '@fixpoint/shared';
import { Button, Grid, Stack } from '@mantine/core';
import { IconActivityHeartbeat, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { allCoverageQueryOptions, networksQueryOptions } from '../../../api/networks-api';
import { CardTable, type CardTableColumn, type CardTableRecord } from '../../../components/card-table/card-table';
import { LoadingFallback } from '../../../components/loading-fallback';
import { CoverageMap } from '../../../components/map/coverage-map';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import classes from './marketplace-page.module.css';

// Stations and networks store ISO 3166 alpha-3 codes; Intl.DisplayNames names alpha-2 ones.
const alpha2: Record<string, string> = {
  AUT: 'AT',
  BEL: 'BE',
  CHE: 'CH',
  CZE: 'CZ',
  DEU: 'DE',
  DNK: 'DK',
  ESP: 'ES',
  FIN: 'FI',
  FRA: 'FR',
  GBR: 'GB',
  IRL: 'IE',
  ITA: 'IT',
  LUX: 'LU',
  NLD: 'NL',
  NOR: 'NO',
  POL: 'PL',
  PRT: 'PT',
  SWE: 'SE',
  USA: 'US',
  CAN: 'CA',
};

/** Country names in the interface language, from ISO 3166 codes (as stored); unknown codes show as they are. */
export function countryNames(codes: string[], language: string) {
  const names = (() => {
    try {
      return new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      return null;
    }
  })();
  return codes
    .map((code) => {
      const two = code.length === 2 ? code : alpha2[code];
      return two ? (names?.of(two) ?? code) : code;
    })
    .join(', ');
}

/**
 * The marketplace (visitors and users): every public network's coverage on one map, and the networks as cards or a
 * table (name, operator, stations, countries, daily price, plans when any network has them); a network leads to its
 * page.
 */
export function MarketplacePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const networks = useQuery(networksQueryOptions());
  const coverage = useQuery(allCoverageQueryOptions());

  const list: PublicNetwork[] = networks.data ?? [];
  const hasPlans = list.some((network) => network.plans.length > 0);
  const columns: CardTableColumn[] = [
    { key: 'operator', header: t('marketplace.columns.operator') },
    { key: 'stations', header: t('marketplace.columns.stations') },
    { key: 'countries', header: t('marketplace.columns.countries') },
    { key: 'dailyPrice', header: t('marketplace.columns.dailyPrice') },
    ...(hasPlans ? [{ key: 'plans', header: t('marketplace.columns.plans') }] : []),
  ];
  const rows: CardTableRecord[] = list.map((network) => ({
    id: network.id,
    name: network.name,
    records: {
      operator: network.operator || '—',
      stations: network.stationCount,
      countries: countryNames(network.countries, i18n.language) || '—',
      dailyPrice: t('marketplace.creditsPerDay', { count: network.dailyPrice }),
      ...(hasPlans ? { plans: network.plans.map((plan) => plan.name).join(', ') || '—' } : {}),
    },
    action: {
      text: t('marketplace.viewNetwork'),
      color: 'green',
      onClick: () => navigate(paths.network.getHref(network.id)),
    },
  }));

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeading
        title={t('marketplace.heading')}
        icon={IconWorld}
        description={t('marketplace.intro')}
        actions={
          <Button
            component={Link}
            to={paths.status.getHref()}
            variant="default"
            leftSection={<IconActivityHeartbeat size={16} />}
          >
            {t('marketplace.statusLink')}
          </Button>
        }
      />
      {/* The networks beside their coverage from lg up (list left, map right and sticky); stacked, map first. */}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 2, lg: 1 }}>
          {networks.isPending ? (
            <LoadingFallback />
          ) : networks.isError ? (
            <QueryErrorAlert query={networks} />
          ) : (
            <CardTable
              title={t('marketplace.networks')}
              nameHeader={t('marketplace.columns.name')}
              columns={columns}
              rows={rows}
              emptyText={t('marketplace.empty')}
              gridCols={{ base: 1, sm: 2 }}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 1, lg: 2 }} className={classes.mapColumn}>
          {coverage.isError ? (
            <QueryErrorAlert query={coverage} />
          ) : (
            <CoverageMap
              stations={coverage.data?.stations ?? []}
              label={t('marketplace.mapLabel')}
              height={460}
              stillOnTouch
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
