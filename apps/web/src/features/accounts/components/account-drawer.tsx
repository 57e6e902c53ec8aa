import type { NtripAccount } from '@fixpoint/shared';
import { Alert, Badge, Button, Divider, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountHealthQueryOptions } from '../../../api/fleet-api';
import { HealthPanel } from '../../../components/health/health-panel';
import { diagnosisColor } from '../../../lib/diagnosis';
import { useScopeAccess } from '../../../session/use-scope-access';
import { formatUntil, isLentToUser } from '../lib/lending';
import { AccountSeats } from './account-seats';
import { AccountSettingsForm } from './account-settings-form';
import { ActivationDialog } from './activation-dialog';
import { CredentialsPanel } from './credentials-panel';
import { LendingPanel } from './lending-panel';
import { SessionHistory } from './session-history';

/**
 * One account: its diagnosis, access, seats, credentials, settings and sessions. An account lent to the user shows
 * only what they need to connect; in an organisation, admins and owners also lend it to a member.
 */
export function AccountDrawer({ account, onClose }: { account: NtripAccount; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { scope, canWrite, canSeeCredentials } = useScopeAccess();
  const [isActivating, setActivating] = useState(false);
  const isLent = isLentToUser(scope, account);
  const canManage = canWrite && !isLent;
  const health = useQuery(accountHealthQueryOptions(scope, account.id));

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={account.name}>
      <Stack gap="lg">
        <Alert
          color={diagnosisColor[account.diagnosis]}
          title={t(`accounts.diagnosis.${account.diagnosis}.title`)}
          data-testid="diagnosis"
        >
          {t(`accounts.diagnosis.${account.diagnosis}.text`)}
        </Alert>
        {isLent && account.organization && (
          <Alert color="grape" variant="light" data-testid="lent-notice">
            {account.lending
              ? t('org.lending.lentToYou', {
                  organization: account.organization.name,
                  date: formatUntil(account.lending.until, i18n.language),
                })
              : t('org.lending.ownedBy', { organization: account.organization.name })}
          </Alert>
        )}

        {health.data && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('fleet.healthTitle')}
            </Title>
            <HealthPanel health={health.data} />
          </Stack>
        )}

        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} size="h4">
              {t('accounts.access.title')}
            </Title>
            {canManage && (
              <Button onClick={() => setActivating(true)} disabled={account.isDisabled}>
                {t('accounts.access.activate')}
              </Button>
            )}
          </Group>
          <AccessTable account={account} />
        </Stack>

        {canManage && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('subscriptions.accountSeats.title')}
            </Title>
            <AccountSeats account={account} />
          </Stack>
        )}

        {scope.kind === 'organization' && canWrite && <LendingPanel orgId={scope.orgId} account={account} />}

        {(canSeeCredentials || isLent) && (
          <>
            <Divider />
            <Title order={3} size="h4">
              {t('accounts.credentials.title')}
            </Title>
            <CredentialsPanel accountId={account.id} />
          </>
        )}

        {canManage && (
          <>
            <Divider />
            <Title order={3} size="h4">
              {t('accounts.settings.title')}
            </Title>
            <AccountSettingsForm scope={scope} account={account} onDeleted={onClose} />
          </>
        )}

        <Divider />
        <Title order={3} size="h4">
          {t('accounts.sessions.title')}
        </Title>
        <SessionHistory accountId={account.id} />
      </Stack>
      {isActivating && <ActivationDialog account={account} onClose={() => setActivating(false)} />}
    </Drawer>
  );
}

/** Each network the account may use, its state and until when. */
function AccessTable({ account }: { account: NtripAccount }) {
  const { t, i18n } = useTranslation();
  if (account.networks.length === 0) return <Text c="dimmed">{t('accounts.access.none')}</Text>;
  return (
    <Table>
      <Table.Tbody>
        {account.networks.map((n) => (
          <Table.Tr key={n.networkId}>
            <Table.Td>{n.networkName}</Table.Td>
            <Table.Td>
              <Badge color={n.state === 'active' ? 'green' : n.state === 'pending' ? 'blue' : 'gray'} variant="light">
                {t(`accounts.state.${n.state}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {n.state === 'active' && n.activeUntil
                ? t('accounts.access.until', {
                    date: new Date(n.activeUntil).toLocaleString(i18n.language),
                    count: n.daysLeft ?? 0,
                  })
                : n.state === 'pending'
                  ? t('accounts.access.pending', { count: n.daysLeft ?? 0 })
                  : n.activeUntil
                    ? t('accounts.access.ended', { date: new Date(n.activeUntil).toLocaleDateString(i18n.language) })
                    : ''}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
