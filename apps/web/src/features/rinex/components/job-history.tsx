import type { RinexJob } from '@fixpoint/shared';
import { Anchor, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { formatUtcRange } from '../../../lib/rinex-time';
import type { OwnerScope } from '../../../session/owner-scope';
import { isDownloadable, rinexDownloadHref } from '../api/get-rinex-job';
import { useRinexJobs } from '../api/get-rinex-jobs';
import { JobStatusBadge } from './job-status-badge';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** Step 6: the files bought before, newest first; a table on wide screens, cards on a phone. */
export function JobHistory({ scope }: { scope: OwnerScope }) {
  const { t } = useTranslation();
  const jobs = useRinexJobs(scope);
  const isNarrow = useMediaQuery('(max-width: 48em)');

  const download = (job: RinexJob): ReactNode => {
    if (isDownloadable(job)) {
      const window = formatUtcRange(job.from, job.to);
      return (
        <Anchor
          href={rinexDownloadHref(scope, job.id)}
          download={job.fileName ?? true}
          size="sm"
          aria-label={t('rinex.history.downloadOf', { mountpoint: job.mountpoint, window })}
        >
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            {t('rinex.job.download')}
          </Group>
        </Anchor>
      );
    }
    return (
      <Text size="sm" c="dimmed">
        {job.status === 'done' ? t('rinex.job.expired') : job.status === 'failed' ? t('rinex.history.refunded') : '—'}
      </Text>
    );
  };
  const interval = (job: RinexJob) => t('rinex.options.seconds', { count: job.interval });
  const credits = (job: RinexJob) => t('rinex.price.creditsValue', { count: job.credits });

  let body: ReactNode;
  if (jobs.isPending) {
    body = (
      <Stack gap="xs" data-testid="rinex-history-loading">
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} height={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (jobs.isError) {
    body = <QueryErrorAlert query={jobs} />;
  } else if (jobs.data.length === 0) {
    body = <Text c="dimmed">{t('rinex.history.empty')}</Text>;
  } else if (isNarrow) {
    body = (
      <Stack gap="sm">
        {jobs.data.map((job) => (
          <Card key={job.id} withBorder padding="md" radius="md" component="article" aria-label={job.mountpoint}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {job.mountpoint}
                </Text>
                <JobStatusBadge status={job.status} />
              </Group>
              <Text size="sm" c="dimmed" style={numeric}>
                {formatUtcRange(job.from, job.to)} · {interval(job)}
              </Text>
              <Group justify="space-between" gap="xs">
                <Text size="sm" style={numeric}>
                  {credits(job)}
                </Text>
                {download(job)}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('rinex.history.title')} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th c="dimmed">{t('rinex.history.station')}</Table.Th>
              <Table.Th c="dimmed">{t('rinex.history.window')}</Table.Th>
              <Table.Th c="dimmed">{t('rinex.history.interval')}</Table.Th>
              <Table.Th c="dimmed">{t('rinex.history.status')}</Table.Th>
              <Table.Th c="dimmed" ta="right">
                {t('rinex.history.credits')}
              </Table.Th>
              <Table.Th c="dimmed">{t('rinex.history.file')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.data.map((job) => (
              <Table.Tr key={job.id} data-testid="rinex-job-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {job.mountpoint}
                  </Text>
                  {job.networkName && (
                    <Text size="xs" c="dimmed">
                      {job.networkName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={numeric}>{formatUtcRange(job.from, job.to)}</Table.Td>
                <Table.Td style={numeric}>{interval(job)}</Table.Td>
                <Table.Td>
                  <JobStatusBadge status={job.status} />
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {job.credits}
                </Table.Td>
                <Table.Td>{download(job)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-label={t('rinex.history.title')}>
      <Title order={2} size="h4">
        {t('rinex.history.title')}
      </Title>
      {body}
    </Stack>
  );
}
