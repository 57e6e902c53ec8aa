import type { MapRover } from '@fixpoint/shared';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RoversTable({ rovers, emptyText }: { rovers: MapRover[]; emptyText: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-label={t('maps.rovers')}>
      <Title order={2} size="h4">
        {t('maps.rovers')}
      </Title>
      {rovers.length === 0 ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('maps.account')}</Table.Th>
                <Table.Th>{t('maps.mountpoint')}</Table.Th>
                <Table.Th>{t('maps.position')}</Table.Th>
                <Table.Th>{t('maps.reportedAt')}</Table.Th>
                <Table.Th>{t('maps.connection')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rovers.map((rover) => (
                <Table.Tr key={rover.sessionId}>
                  <Table.Td>
                    {rover.accountName}{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {rover.username}
                    </Text>
                  </Table.Td>
                  <Table.Td ff="monospace">{rover.mountpoint}</Table.Td>
                  <Table.Td>
                    {rover.latitude === null || rover.longitude === null
                      ? t('maps.noPosition')
                      : `${rover.latitude.toFixed(5)}, ${rover.longitude.toFixed(5)}`}
                  </Table.Td>
                  <Table.Td>{new Date(rover.reportedAt).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>
                    <Badge color={rover.isConnected ? 'green' : 'gray'} variant="light">
                      {rover.isConnected ? t('maps.connected') : t('maps.disconnected')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
