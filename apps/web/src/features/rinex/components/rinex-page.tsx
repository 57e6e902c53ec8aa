import { Card, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useOwnerScope } from '../../../session/owner-scope';
import { useRinexStations } from '../api/get-rinex-stations';
import { JobHistory } from './job-history';
import { JobProgress } from './job-progress';
import { RinexRequestForm } from './rinex-request-form';

/** The form's shape while the stations load: the station card, and the price card beside it. */
function FormSkeleton() {
  return (
    <Grid gap="lg" align="flex-start" data-testid="rinex-loading">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Skeleton height={132} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Skeleton height={132} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

/**
 * `/rinex` and `/org/:orgId/rinex` (issue 17): RINEX on demand. A surveyor chooses a station and a window of its
 * recorded data, sees the price, buys the file and downloads it once converted; the files bought before are below.
 */
export function RinexPage() {
  const { t } = useTranslation();
  const scope = useOwnerScope();
  const stations = useRinexStations(scope);
  const [jobId, setJobId] = useState<string | null>(null);

  let form: ReactNode;
  if (stations.isPending) {
    form = <FormSkeleton />;
  } else if (stations.isError) {
    form = <QueryErrorAlert query={stations} title={t('rinex.loadFailed')} />;
  } else if (stations.data.length === 0) {
    form = (
      <Card withBorder padding="lg" radius="md">
        <Stack gap={4}>
          <Text fw={600}>{t('rinex.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('rinex.emptyHint')}
          </Text>
        </Stack>
      </Card>
    );
  } else {
    form = (
      <RinexRequestForm
        stations={stations.data}
        onCreated={(job) => setJobId(job.id)}
        jobSlot={jobId && <JobProgress key={jobId} scope={scope} jobId={jobId} onClose={() => setJobId(null)} />}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeading title={t('rinex.title')} icon={IconFileZip} description={t('rinex.intro')} />
      {form}
      <JobHistory scope={scope} />
    </Stack>
  );
}
