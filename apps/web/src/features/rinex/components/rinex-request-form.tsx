import { RINEX_MAX_WINDOW_HOURS, type RinexJob, type RinexStation } from '@fixpoint/shared';
import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WindowFields } from '../../../components/window-fields';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { hourMs, retentionStart, type TimeWindow } from '../../../lib/rinex-time';
import { useScopeAccess } from '../../../session/use-scope-access';
import { useCreateRinexJob } from '../api/create-rinex-job';
import { useRinexDraft } from '../hooks/use-rinex-draft';
import { useRinexPrice } from '../hooks/use-rinex-price';
import { AvailabilityStrip } from './availability-strip';
import { OutputOptions } from './output-options';
import { PriceSummary } from './price-summary';
import { RinexSection } from './rinex-section';
import { StationPicker } from './station-picker';

/**
 * The four steps of buying RINEX: station, availability, window and options, then the price with the one action
 * that spends. The job it creates is shown beside the price (`jobSlot`).
 */
export function RinexRequestForm({
  stations,
  onCreated,
  jobSlot,
}: {
  stations: readonly RinexStation[];
  onCreated: (job: RinexJob) => void;
  jobSlot: ReactNode;
}) {
  const { t } = useTranslation();
  const { scope, canWrite, balance } = useScopeAccess();
  const draft = useRinexDraft(stations);
  const { station } = draft;
  const price = useRinexPrice(scope, station?.id ?? null, draft.problem ? null : draft.window);
  const create = useCreateRinexJob(scope, { onCreated });

  const credits = price.data?.credits ?? 0;
  const canCreate =
    canWrite &&
    draft.request !== null &&
    price.isCurrent &&
    (price.data?.coveredSeconds ?? 0) > 0 &&
    (balance === undefined || credits <= balance);

  /** A click on an hour chooses it; with Shift the window stretches to it, up to the longest allowed. */
  const chooseHours = (hours: TimeWindow, isExtending: boolean) => {
    const current = draft.window;
    if (!isExtending || !current) return draft.setWindow(hours);
    const stretched = { from: Math.min(current.from, hours.from), to: Math.max(current.to, hours.to) };
    draft.setWindow(stretched.to - stretched.from <= RINEX_MAX_WINDOW_HOURS * hourMs ? stretched : hours);
  };

  const isShortError = create.error instanceof ApiError && create.error.code === 'INSUFFICIENT_CREDITS';

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <RinexSection title={t('rinex.steps.station')}>
            <StationPicker stations={stations} value={station?.id ?? null} onChange={draft.chooseStation} />
          </RinexSection>
          {station && (
            <RinexSection title={t('rinex.steps.availability', { mountpoint: station.mountpoint })}>
              <AvailabilityStrip scope={scope} station={station} selected={draft.window} onChoose={chooseHours} />
            </RinexSection>
          )}
          {station && (
            <RinexSection title={t('rinex.steps.window')}>
              <WindowFields
                inputs={draft.inputs}
                window={draft.window}
                problem={draft.problem}
                oldest={retentionStart(station, Date.now())}
                onEdit={draft.editInputs}
                onChoose={draft.setWindow}
              />
              <OutputOptions
                interval={draft.interval}
                onInterval={draft.setInterval}
                systems={draft.systems}
                onSystems={draft.setSystems}
              />
            </RinexSection>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        {/* The price and the job stay in view on a wide screen while the window is adjusted. */}
        <Stack gap="lg" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}>
          <RinexSection title={t('rinex.price.title')}>
            {!station ? (
              <Text size="sm" c="dimmed">
                {t('rinex.price.chooseStation')}
              </Text>
            ) : draft.problem ? (
              <Text size="sm" c="dimmed">
                {t('rinex.price.fixWindow')}
              </Text>
            ) : (
              <PriceSummary scope={scope} price={price} balance={balance} canBuy={canWrite} />
            )}
            {create.isError && (
              <Alert color="red" role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{apiErrorMessage(create.error, t)}</Text>
                  {isShortError && canWrite && (
                    <Button component={Link} to={purchaseHref('credits')} size="xs" variant="default">
                      {t('rinex.price.buyCredits')}
                    </Button>
                  )}
                </Stack>
              </Alert>
            )}
            {canWrite ? (
              <Group justify="flex-end">
                <Button
                  leftSection={<IconFileZip size={16} />}
                  disabled={!canCreate}
                  loading={create.isPending}
                  onClick={() => draft.request && create.mutate(draft.request)}
                >
                  {t('rinex.price.create')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('rinex.price.managersOnly')}
              </Text>
            )}
          </RinexSection>
          {jobSlot}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
