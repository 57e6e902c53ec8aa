import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionsQueryOptions } from '../../../api/accounts-api';
import { RowsSkeleton } from '../../../components/loading-fallback';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { sessionEndReason } from '../../../lib/session-end';
import { useOwnerScope } from '../../../session/owner-scope';

const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

const formatDuration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${seconds % 60} s` : `${seconds} s`;
};

/** The account's sessions as the caster recorded them. */
export function SessionHistory({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const scope = useOwnerScope();
  const sessions = useQuery(sessionsQueryOptions(scope, accountId));
  if (sessions.isPending) return <RowsSkeleton rows={3} />;
  if (sessions.isError) return <QueryErrorAlert query={sessions} />;
  if (sessions.data.length === 0) return <Text c="dimmed">{t('accounts.sessions.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="session-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('accounts.sessions.started')}</Table.Th>
            <Table.Th>{t('accounts.sessions.duration')}</Table.Th>
            <Table.Th>{t('accounts.sessions.bytes')}</Table.Th>
            <Table.Th>{t('accounts.sessions.mountpoint')}</Table.Th>
            <Table.Th>{t('accounts.sessions.position')}</Table.Th>
            <Table.Th>{t('accounts.sessions.closeReason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.data.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{new Date(s.startedAt).toLocaleString(i18n.language)}</Table.Td>
              <Table.Td>{formatDuration(s.durationSeconds)}</Table.Td>
              <Table.Td data-testid="session-bytes">{formatBytes(s.bytesSent)}</Table.Td>
              <Table.Td>{s.mountpoint}</Table.Td>
              <Table.Td>
                {s.lastLatitude !== null && s.lastLongitude !== null
                  ? `${s.lastLatitude.toFixed(5)}, ${s.lastLongitude.toFixed(5)}`
                  : t('accounts.sessions.noGga')}
              </Table.Td>
              <Table.Td>
                {s.endedAt ? (s.closeReason ? sessionEndReason(s.closeReason, t) : '—') : t('accounts.sessions.live')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
