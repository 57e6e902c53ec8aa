import type { RinexJob } from '@fixpoint/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes';
import { formatUtc } from '../../../lib/rinex-time';
import type { OwnerScope } from '../../../session/owner-scope';
import { isDownloadable, rinexDownloadHref } from '../api/get-rinex-job';

/**
 * A finished job's file: the download, its name, size, epochs, until when it can be downloaded, and that it holds no
 * navigation file when the stream carried no ephemerides.
 */
export function JobFile({ scope, job }: { scope: OwnerScope; job: RinexJob }) {
  const { t, i18n } = useTranslation();
  const facts: [string, string][] = [
    [t('rinex.job.size'), job.bytes === null ? '—' : formatBytes(job.bytes, i18n.language)],
    [t('rinex.job.epochs'), job.epochs === null ? '—' : new Intl.NumberFormat(i18n.language).format(job.epochs)],
    [t('rinex.job.availableUntil'), job.expiresAt ? formatUtc(job.expiresAt) : '—'],
  ];
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('rinex.job.fileName')}
        </Text>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {job.fileName ?? '—'}
        </Text>
      </Stack>
      <Stack gap={4} component="dl" m={0}>
        {facts.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text
              component="dd"
              size="sm"
              m={0}
              ta="right"
              style={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
            >
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {job.ephemerides === 0 && (
        <Text size="sm" c="dimmed">
          {t('rinex.job.noNavigation')}
        </Text>
      )}
      {isDownloadable(job) ? (
        <Button
          component="a"
          href={rinexDownloadHref(scope, job.id)}
          download={job.fileName ?? true}
          leftSection={<IconDownload size={16} />}
        >
          {t('rinex.job.download')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('rinex.job.expired')}
        </Text>
      )}
    </Stack>
  );
}
