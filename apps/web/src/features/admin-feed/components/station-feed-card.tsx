import type { FeedStation } from '@fixpoint/shared';
import { Alert, Badge, Box, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAgo, formatBitrate, formatBytes, formatDateTime, formatLatLon } from '../../../lib/format-feed';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** A connected station with no data for this long is shown as silent (its state is written every 5 s). */
const SILENT_AFTER_MS = 15_000;

/** Beyond this, the decoded position disagrees with the entered one enough to send rovers to the wrong base. */
const FAR_OFFSET_M = 1_000;

/** One station's live state: connection, data, message types, positions, rovers and outage history. */
export function StationFeedCard({ station, now }: { station: FeedStation; now: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // An error the station has connected since is history, not a problem now (the server decides).
  const errorIsCurrent = station.errorIsCurrent;
  // Connected but quiet: a caster that keeps the socket open after its source left is not delivering.
  const isSilent =
    station.isConnected &&
    now - new Date(station.lastDataAt ?? station.connectedSince ?? now).getTime() > SILENT_AFTER_MS;
  const status = isSilent
    ? {
        color: 'orange',
        text: t('adminFeed.station.silentSince', {
          ago: formatAgo(station.lastDataAt ?? station.connectedSince ?? new Date(now).toISOString(), now, lang),
        }),
      }
    : station.isConnected
      ? {
          color: 'green',
          text: t('adminFeed.station.connectedSince', {
            ago: station.connectedSince ? formatAgo(station.connectedSince, now, lang) : '—',
          }),
        }
      : station.disconnectedAt
        ? {
            color: 'red',
            text: t('adminFeed.station.disconnectedSince', { ago: formatAgo(station.disconnectedAt, now, lang) }),
          }
        : { color: 'gray', text: t('adminFeed.station.neverConnected') };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={station.mountpoint}
      data-testid={`station-${station.mountpoint}`}
      data-connected={station.isConnected}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Box style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {station.mountpoint}
            </Title>
            {station.identifier && (
              <Text size="sm" c="dimmed">
                {station.identifier}
              </Text>
            )}
          </Box>
          <Group gap="xs">
            {!station.isEnabled && (
              <Badge color="gray" variant="outline">
                {t('adminFeed.station.disabled')}
              </Badge>
            )}
            <Badge
              color={status.color}
              variant="light"
              data-testid="station-status"
              title={
                station.isConnected && station.connectedSince
                  ? formatDateTime(station.connectedSince, lang)
                  : station.disconnectedAt
                    ? formatDateTime(station.disconnectedAt, lang)
                    : undefined
              }
            >
              {status.text}
            </Badge>
          </Group>
        </Group>

        {station.lastError && station.lastErrorAt && (
          <Alert
            color={errorIsCurrent ? 'red' : 'gray'}
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={errorIsCurrent ? t('adminFeed.station.upstreamError') : t('adminFeed.station.earlierError')}
            data-testid="upstream-error"
          >
            {station.lastError} · {formatDateTime(station.lastErrorAt, lang)} (
            {formatAgo(station.lastErrorAt, now, lang)})
          </Alert>
        )}

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label={t('adminFeed.bitrate')} testId="station-bitrate">
            {formatBitrate(station.bitrate)}
          </Fact>
          <Fact label={t('adminFeed.lastData')}>
            {station.lastDataAt ? formatAgo(station.lastDataAt, now, lang) : t('adminFeed.never')}
          </Fact>
          <Fact label={t('adminFeed.station.source')}>
            {station.sourceAgent || station.sourceAddress
              ? [station.sourceAgent, station.sourceAddress].filter(Boolean).join(' · ')
              : '—'}
          </Fact>
          <Fact label={t('adminFeed.rovers')}>{station.rovers.length}</Fact>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Box>
            <Title order={3} size="h6" mb={4}>
              {t('adminFeed.station.messageTypes')}
            </Title>
            {station.messageTypes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('adminFeed.station.noMessages')}
              </Text>
            ) : (
              <Table striped withTableBorder fz="sm" data-testid="message-types">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('adminFeed.station.type')}</Table.Th>
                    <Table.Th ta="right">{t('adminFeed.station.ratePerMinute')}</Table.Th>
                    <Table.Th ta="right">{t('adminFeed.station.count')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {station.messageTypes.map((message) => (
                    <Table.Tr key={message.type} data-type={message.type}>
                      <Table.Td>{message.type}</Table.Td>
                      <Table.Td ta="right">{message.ratePerMinute.toLocaleString(lang)}</Table.Td>
                      <Table.Td ta="right">{message.count.toLocaleString(lang)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Box>
          <Stack gap="xs">
            <Title order={3} size="h6">
              {t('adminFeed.station.position')}
            </Title>
            <Fact label={t('adminFeed.station.entered')} testId="entered-position">
              {station.enteredPosition
                ? formatLatLon(station.enteredPosition)
                : station.decodedPosition
                  ? t('adminFeed.station.notEntered')
                  : '—'}
            </Fact>
            <Fact label={t('adminFeed.station.decoded')} testId="decoded-position">
              {station.decodedPosition
                ? `${formatLatLon(station.decodedPosition)}${
                    station.decodedPosition.height !== null ? ` · ${station.decodedPosition.height.toFixed(3)} m` : ''
                  }`
                : t('adminFeed.station.noDecoded')}
            </Fact>
            {station.positionOffsetM !== null && (
              <Fact label={t('adminFeed.station.offset')} testId="position-offset">
                <Text span size="sm" c={station.positionOffsetM > 1 ? 'orange.9' : undefined}>
                  {t('adminFeed.station.metres', { value: station.positionOffsetM.toLocaleString(lang) })}
                </Text>
              </Fact>
            )}
          </Stack>
        </SimpleGrid>

        {station.positionOffsetM !== null && station.positionOffsetM > FAR_OFFSET_M && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="position-far">
            {t('adminFeed.station.positionFar', {
              km: (station.positionOffsetM / 1000).toLocaleString(lang, { maximumFractionDigits: 1 }),
            })}
          </Alert>
        )}

        {station.rovers.length > 0 && (
          <Box>
            <Title order={3} size="h6" mb={4}>
              {t('adminFeed.station.connectedRovers')}
            </Title>
            <Table.ScrollContainer minWidth={560}>
              <Table striped fz="sm" data-testid="rovers">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('adminFeed.station.username')}</Table.Th>
                    <Table.Th>{t('adminFeed.station.address')}</Table.Th>
                    <Table.Th>{t('adminFeed.station.since')}</Table.Th>
                    <Table.Th ta="right">{t('adminFeed.station.sent')}</Table.Th>
                    <Table.Th ta="right">{t('adminFeed.station.distance')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {station.rovers.map((rover) => (
                    <Table.Tr key={rover.sessionId}>
                      <Table.Td>{rover.username}</Table.Td>
                      <Table.Td>{rover.clientAddress}</Table.Td>
                      <Table.Td>{formatAgo(rover.startedAt, now, lang)}</Table.Td>
                      <Table.Td ta="right">{formatBytes(rover.bytesSent)}</Table.Td>
                      <Table.Td ta="right">
                        {rover.distanceToBaseM !== null ? `${(rover.distanceToBaseM / 1000).toFixed(1)} km` : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
        )}

        <Box>
          <Title order={3} size="h6" mb={4}>
            {t('adminFeed.station.history')}
          </Title>
          {station.events.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('adminFeed.station.noHistory')}
            </Text>
          ) : (
            <Stack gap={2} data-testid="outage-history">
              {station.events.slice(0, 8).map((event) => (
                <Group key={`${event.kind}-${event.at}`} gap="xs" wrap="nowrap">
                  <Box
                    w={8}
                    h={8}
                    bg={event.kind === 'connected' ? 'green' : 'red'}
                    style={{ borderRadius: '50%', flexShrink: 0 }}
                    aria-hidden
                  />
                  <Text size="sm">
                    {formatDateTime(event.at, lang)} · {t(`adminFeed.station.event.${event.kind}`)}
                    {event.reason ? ` (${event.reason})` : ''}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
    </Card>
  );
}
