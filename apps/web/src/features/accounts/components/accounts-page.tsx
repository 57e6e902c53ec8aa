import { bulkCreateLimit, type NtripAccount } from '@fixpoint/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAntenna, IconDownload, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accountKeys, accountsQueryOptions, createAccount, downloadCsv } from '../../../api/accounts-api';
import { fleetQueryOptions } from '../../../api/fleet-api';
import { networksQueryOptions } from '../../../api/networks-api';
import { CardTable, type CardTableRecord } from '../../../components/card-table/card-table';
import { ErrorAlert } from '../../../components/error-alert';
import { HealthSummary } from '../../../components/health/health-badge';
import { RowsSkeleton } from '../../../components/loading-fallback';
import { NumberInput } from '../../../components/number-input';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { StatCard } from '../../../components/stat-card';
import { diagnosisColor } from '../../../lib/diagnosis';
import { scopedPath } from '../../../session/owner-scope';
import { useScopeAccess } from '../../../session/use-scope-access';
import { hasLending, isLentToUser } from '../lib/lending';
import { AccountDrawer } from './account-drawer';
import { ActivationDialog } from './activation-dialog';
import { LendingBadge } from './lending-badge';

/**
 * `/accounts` and `/org/:orgId/accounts`: the scope's NTRIP accounts. In the person's list, an organisation's
 * accounts lent to them are marked and read-only; in an organisation's, plain members only look.
 */
export function AccountsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { scope, canWrite, canSeeCredentials, balance } = useScopeAccess();
  const accounts = useQuery(accountsQueryOptions(scope));
  // Each rover's fix health (issue 33): a badge, its reason and the fix share bar, once the answer is there.
  const fleet = useQuery(fleetQueryOptions(scope));
  const [openId, setOpenId] = useState<string | null>(null);
  // `?network=<id>`: the user came from a network's page to activate one of their accounts on it.
  const [searchParams, setSearchParams] = useSearchParams();
  const networks = useQuery(networksQueryOptions());
  const targetNetwork = networks.data?.find((n) => n.id === searchParams.get('network'));
  const [activatingId, setActivatingId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'create' | 'bulk' | null>(null);
  const [name, setName] = useState('');
  const [bulk, setBulk] = useState<{ count: number | undefined; prefix: string }>({ count: 10, prefix: '' });

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
  const create = useMutation({
    mutationFn: () => createAccount(scope, name.trim()),
    onSuccess: async (account) => {
      await refresh();
      setDialog(null);
      setName('');
      setOpenId(account.id);
    },
  });
  const bulkCreate = useMutation({
    mutationFn: () =>
      downloadCsv(
        scopedPath(scope, '/accounts/bulk'),
        { method: 'POST', body: { count: bulk.count, namePrefix: bulk.prefix.trim() } },
        'ntrip-accounts.csv',
      ),
    onSuccess: async () => {
      await refresh();
      setDialog(null);
    },
  });
  const exportCsv = useMutation({
    mutationFn: () => downloadCsv(scopedPath(scope, '/accounts/credentials.csv'), {}, 'ntrip-accounts.csv'),
  });

  // The heading shows at once (it is the page's largest text, what a phone paints first); the list follows.
  if (accounts.isPending || accounts.isError) {
    return (
      <Stack gap="lg">
        <PageHeading title={t('accounts.title')} icon={IconAntenna} description={t('accounts.intro')} />
        {accounts.isError ? <QueryErrorAlert query={accounts} /> : <RowsSkeleton />}
      </Stack>
    );
  }
  const list = accounts.data;
  const open = list.find((a) => a.id === openId);
  const activating = list.find((a) => a.id === activatingId);
  const showsLending = list.some((a) => hasLending(scope, a));
  const healthOf = new Map(fleet.data?.accounts.map((health) => [health.accountId, health]));
  // Lent to the user: the organisation's to activate, not theirs.
  const canActivate = (account: NtripAccount) => canWrite && !isLentToUser(scope, account);

  const describeAccess = (account: NtripAccount) => {
    const active = account.networks.filter((n) => n.state === 'active');
    if (active.length > 0) {
      return active.map((n) => `${n.networkName}: ${t('accounts.daysLeft', { count: n.daysLeft ?? 0 })}`).join(', ');
    }
    if (account.networks.some((n) => n.state === 'pending')) return t('accounts.state.pending');
    return account.networks.length > 0 ? t('accounts.state.expired') : t('accounts.state.never');
  };

  const rows: CardTableRecord[] = list.map((account) => ({
    id: account.id,
    name: account.name,
    indicatorColor: diagnosisColor[account.diagnosis],
    records: {
      username: account.username,
      status: t(`accounts.diagnosis.${account.diagnosis}.title`),
      access: describeAccess(account),
      health: <HealthSummary health={healthOf.get(account.id)} />,
      lastConnected: account.lastConnectedAt
        ? new Date(account.lastConnectedAt).toLocaleString(i18n.language)
        : t('accounts.neverUsed'),
      ...(showsLending ? { lending: <LendingBadge account={account} /> } : {}),
    },
    action:
      targetNetwork && canActivate(account)
        ? { text: t('accounts.activateOn.action'), onClick: () => setActivatingId(account.id), color: 'green' }
        : { text: t('accounts.manage'), onClick: () => setOpenId(account.id), color: 'green' },
  }));

  return (
    <Stack gap="lg">
      <PageHeading
        title={t('accounts.title')}
        icon={IconAntenna}
        description={t('accounts.intro')}
        actions={
          <Group>
            {canWrite && (
              <>
                <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog('create')}>
                  {t('accounts.create')}
                </Button>
                <Button variant="default" leftSection={<IconUsersGroup size={18} />} onClick={() => setDialog('bulk')}>
                  {t('accounts.bulk.open')}
                </Button>
              </>
            )}
            {canSeeCredentials && (
              <Button
                variant="default"
                leftSection={<IconDownload size={18} />}
                disabled={list.length === 0}
                loading={exportCsv.isPending}
                onClick={() => exportCsv.mutate()}
              >
                {t('accounts.export')}
              </Button>
            )}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard title={t('accounts.stats.accounts')} value={list.length} />
        <StatCard
          title={t('accounts.stats.receiving')}
          value={list.filter((a) => a.diagnosis === 'receiving').length}
          color="success"
        />
        <StatCard title={t('accounts.stats.balance')} value={balance ?? '…'} />
      </SimpleGrid>
      <ErrorAlert error={exportCsv.error} />
      {targetNetwork && (
        <Alert
          color="blue"
          title={t('accounts.activateOn.title', { network: targetNetwork.name })}
          withCloseButton
          closeButtonLabel={t('errors.close')}
          onClose={() => setSearchParams({}, { replace: true })}
        >
          {list.length > 0 ? t('accounts.activateOn.pick') : t('accounts.activateOn.createFirst')}
        </Alert>
      )}
      <CardTable
        nameHeader={t('accounts.columns.name')}
        columns={[
          { key: 'username', header: t('accounts.columns.username') },
          { key: 'status', header: t('accounts.columns.status'), isColored: true },
          { key: 'access', header: t('accounts.columns.access') },
          { key: 'health', header: t('fleet.column') },
          { key: 'lastConnected', header: t('accounts.columns.lastConnected') },
          ...(showsLending ? [{ key: 'lending', header: t('org.lending.column') }] : []),
        ]}
        rows={rows}
        emptyText={t('accounts.empty')}
      />

      {open && <AccountDrawer key={open.id} account={open} onClose={() => setOpenId(null)} />}
      {activating && targetNetwork && (
        <ActivationDialog
          key={activating.id}
          account={activating}
          initialNetworkId={targetNetwork.id}
          onClose={() => setActivatingId(null)}
        />
      )}

      <Modal opened={dialog === 'create'} onClose={() => setDialog(null)} title={t('accounts.create')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <Stack>
            <ErrorAlert error={create.error} />
            <TextInput
              label={t('accounts.settings.name')}
              description={t('accounts.nameHint')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-autofocus
            />
            <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
              {t('accounts.create')}
            </Button>
          </Stack>
        </form>
      </Modal>

      <Modal opened={dialog === 'bulk'} onClose={() => setDialog(null)} title={t('accounts.bulk.title')} centered>
        <Stack>
          <ErrorAlert error={bulkCreate.error} />
          <NumberInput
            label={t('accounts.bulk.count')}
            value={bulk.count}
            onChange={(count) => setBulk({ ...bulk, count })}
            min={1}
            max={bulkCreateLimit}
          />
          <TextInput
            label={t('accounts.bulk.prefix')}
            description={t('accounts.bulk.prefixHint')}
            value={bulk.prefix}
            onChange={(e) => setBulk({ ...bulk, prefix: e.currentTarget.value })}
          />
          <Button
            disabled={!bulk.count || !bulk.prefix.trim()}
            loading={bulkCreate.isPending}
            onClick={() => bulkCreate.mutate()}
          >
            {t('accounts.bulk.submit', { count: bulk.count ?? 0 })}
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
