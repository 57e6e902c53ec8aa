import type { NtripAccount } from '@fixpoint/shared';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { diagnosisColor } from '../../../lib/diagnosis';
import { UserSection } from './user-section';

/** The user's NTRIP accounts (their own and those lent to them): status, access, last connection. No passwords. */
export function UserAccountsSection({ accounts }: { accounts: NtripAccount[] }) {
  const { t, i18n } = useTranslation();
  return (
    <UserSection title={t('adminUsers.accounts.title')}>
      {accounts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('adminUsers.accounts.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label={t('adminUsers.accounts.title')} data-testid="user-accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminUsers.accounts.name')}</Table.Th>
                <Table.Th>{t('adminUsers.accounts.username')}</Table.Th>
                <Table.Th>{t('adminUsers.accounts.status')}</Table.Th>
                <Table.Th>{t('adminUsers.accounts.access')}</Table.Th>
                <Table.Th>{t('adminUsers.accounts.lastConnected')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((account) => {
                const active = account.networks.filter((network) => network.state === 'active');
                return (
                  <Table.Tr key={account.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {account.name}
                      </Text>
                      {account.organization && (
                        <Text size="xs" c="dimmed">
                          {t('adminUsers.accounts.ofOrganization', { name: account.organization.name })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {account.username}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={diagnosisColor[account.diagnosis]}>
                        {t(`accounts.diagnosis.${account.diagnosis}.title`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {active.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('adminUsers.accounts.noAccess')}
                        </Text>
                      ) : (
                        active.map((network) => (
                          <Text size="sm" key={network.networkId}>
                            {network.activeUntil
                              ? t('adminUsers.accounts.until', {
                                  network: network.networkName,
                                  date: new Date(network.activeUntil).toLocaleDateString(i18n.language),
                                })
                              : network.networkName}
                          </Text>
                        ))
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {account.lastConnectedAt
                          ? new Date(account.lastConnectedAt).toLocaleString(i18n.language)
                          : t('adminUsers.accounts.never')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </UserSection>
  );
}
