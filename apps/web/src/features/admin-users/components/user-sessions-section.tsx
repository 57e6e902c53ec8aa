import type { AdminUserSession } from '@fixpoint/shared';
import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes';
import { sessionEndReason } from '../../../lib/session-end';
import { UserSection } from './user-section';

const formatDuration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${seconds % 60} s` : `${seconds} s`;
};

/** The caster sessions of the user's accounts: those connected now first, then the most recent. */
export function UserSessionsSection({ sessions }: { sessions: AdminUserSession[] }) {
  const { t, i18n } = useTranslation();
  return (
    <UserSection title={t('adminUsers.sessions.title')}>
      {sessions.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('adminUsers.sessions.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label={t('adminUsers.sessions.title')} data-testid="user-sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminUsers.sessions.account')}</Table.Th>
                <Table.Th>{t('adminUsers.sessions.mountpoint')}</Table.Th>
                <Table.Th>{t('adminUsers.sessions.started')}</Table.Th>
                <Table.Th ta="right">{t('adminUsers.sessions.duration')}</Table.Th>
                <Table.Th ta="right">{t('adminUsers.sessions.data')}</Table.Th>
                <Table.Th>{t('adminUsers.sessions.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Text size="sm">{session.accountName}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {session.mountpoint}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{new Date(session.startedAt).toLocaleString(i18n.language)}</Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    <Text size="sm">{formatDuration(session.durationSeconds)}</Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    <Text size="sm">{formatBytes(session.bytesSent, i18n.language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {session.endedAt === null ? (
                      <Badge variant="light" color="green">
                        {t('adminUsers.sessions.live')}
                      </Badge>
                    ) : (
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" c="dimmed">
                          {t('adminUsers.sessions.ended')}
                        </Text>
                        {session.closeReason && (
                          <Text size="xs" c="dimmed">
                            {sessionEndReason(session.closeReason, t)}
                          </Text>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </UserSection>
  );
}
