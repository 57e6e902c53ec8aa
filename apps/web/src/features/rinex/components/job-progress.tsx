import { ActionIcon, Alert, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatUtcRange } from '../../../lib/rinex-time';
import type { OwnerScope } from '../../../session/owner-scope';
import { useRefreshBalance } from '../api/create-rinex-job';
import { useRinexJob } from '../api/get-rinex-job';
import { isJobActive } from '../api/get-rinex-jobs';
import { rinexKeys } from '../api/rinex-keys';
import { JobFile } from './job-details';
import { JobStatusBadge } from './job-status-badge';

/**
 * Step 5: the job just created, asked for every second while it is queued or running; then its file, or why it
 * failed and that its credits went back.
 */
export function JobProgress({ scope, jobId, onClose }: { scope: OwnerScope; jobId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance(scope);
  const job = useRinexJob(scope, jobId);
  const status = job.data?.status;
  const lastStatus = useRef(status);

  // Once the job ends the history shows its new state, and a refund shows in the balance.
  useEffect(() => {
    if (lastStatus.current === status) return;
    lastStatus.current = status;
    if (status === 'done' || status === 'failed') {
      void queryClient.invalidateQueries({ queryKey: rinexKeys.jobs(scope), exact: true });
      if (status === 'failed') void refreshBalance();
    }
  }, [status, scope, queryClient, refreshBalance]);

  const data = job.data;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={t('rinex.job.section')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4">
            {data ? t('rinex.job.title', { mountpoint: data.mountpoint }) : t('rinex.job.section')}
          </Title>
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('rinex.job.close')}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
        {job.isError && <Alert color="red">{apiErrorMessage(job.error, t)}</Alert>}
        {data && (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatUtcRange(data.from, data.to)}
              </Text>
              <JobStatusBadge status={data.status} />
            </Group>
            {isJobActive(data) && (
              <Stack gap={4}>
                <Progress
                  value={data.progress}
                  animated
                  striped
                  aria-label={t('rinex.job.progress')}
                  aria-valuetext={`${data.progress}%`}
                />
                <Text size="sm" aria-live="polite">
                  {data.status === 'queued'
                    ? t('rinex.job.queued')
                    : t('rinex.job.running', { progress: data.progress })}
                </Text>
              </Stack>
            )}
            {data.status === 'done' && <JobFile scope={scope} job={data} />}
            {data.status === 'failed' && (
              <Alert color="red" title={t('rinex.job.failed')} role="alert">
                <Stack gap={4}>
                  {data.error && <Text size="sm">{t(`rinex.failure.${data.error}`)}</Text>}
                  <Text size="sm">{t('rinex.job.refunded', { count: data.credits })}</Text>
                </Stack>
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
