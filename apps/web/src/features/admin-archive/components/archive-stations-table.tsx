import type { AdminArchiveNetwork } from '@fixpoint/shared';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes';
import { formatAgo } from '../../../lib/format-feed';
import { formatDuration, formatUtc } from '../../../lib/rinex-time';
import type { ArchiveStation } from '../api/get-admin-archive';
import { RawRtcmDialog } from './raw-rtcm-dialog';

const daySeconds = 86_400;
const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** A moment as people compare it ("3 min ago") over the exact UTC time; a dash when there is none. */
function Moment({ iso, now }: { iso: string | null; now: number }) {
  const { t, i18n } = useTranslation();
  if (!iso) {
    return (
      <Text size="sm" c="dimmed">
        {t('adminArchive.stations.noData')}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm">{formatAgo(iso, now, i18n.language)}</Text>
      <Text size="xs" c="dimmed" style={numeric}>
        {formatUtc(iso)}
      </Text>
    </>
  );
}

/** A network's stations: recorded share of the last 24 hours, first and last data, segments, size, raw RTCM. */
export function ArchiveStationsTable({ network }: { network: AdminArchiveNetwork }) {
  const { t, i18n } = useTranslation();
  const [rawOf, setRawOf] = useState<ArchiveStation | null>(null);
  const now = Date.now();
  const count = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  // Each segment counts its last second too, so a full day may sum to a little over 86,400 s.
  const lastDay = (seconds: number) => Math.min(Math.max(seconds, 0), daySeconds);

  return (
    <>
      <Table.ScrollContainer minWidth={780}>
        <Table verticalSpacing="sm" aria-label={t('adminArchive.stations.of', { name: network.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th c="dimmed">{t('adminArchive.stations.mountpoint')}</Table.Th>
              <Table.Th c="dimmed" ta="right">
                {t('adminArchive.stations.lastDay')}
              </Table.Th>
              <Table.Th c="dimmed">{t('adminArchive.stations.firstData')}</Table.Th>
              <Table.Th c="dimmed">{t('adminArchive.stations.lastData')}</Table.Th>
              <Table.Th c="dimmed" ta="right">
                {t('adminArchive.stations.segments')}
              </Table.Th>
              <Table.Th c="dimmed" ta="right">
                {t('adminArchive.stations.stored')}
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('adminArchive.stations.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {network.stations.map((station) => (
              <Table.Tr key={station.id} data-testid="admin-archive-station">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {station.mountpoint}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  <Text size="sm">{percent.format(lastDay(station.lastDaySeconds) / daySeconds)}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDuration(lastDay(station.lastDaySeconds))}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Moment iso={station.firstDataAt} now={now} />
                </Table.Td>
                <Table.Td>
                  <Moment iso={station.lastDataAt} now={now} />
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {count.format(station.segments)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  <Text size="sm">{formatBytes(station.storedBytes, i18n.language)}</Text>
                  <Text size="xs" c="dimmed">
                    {t('adminArchive.stations.raw', { size: formatBytes(station.rawBytes, i18n.language) })}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    disabled={station.firstDataAt === null}
                    onClick={() => setRawOf(station)}
                    aria-label={t('adminArchive.raw.openFor', { mountpoint: station.mountpoint })}
                  >
                    {t('adminArchive.raw.open')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rawOf && <RawRtcmDialog station={rawOf} onClose={() => setRawOf(null)} />}
    </>
  );
}
