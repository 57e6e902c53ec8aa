import { type AdminSubscription, formatMoney, type SubscriptionStatus, subscriptionStatuses } from '@fixpoint/shared';
import { Anchor, Badge, Button, Group, Menu, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDots, IconPlayerPlay, IconPlus, IconReceipt, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ListFilters, ListPage, ListTable, tabularNumbers, useListSearch } from '../../../components/list-page';
import { subscriptionStatusColor } from '../../../components/status-colors';
import { paths } from '../../../config/paths';
import {
  adminSubscriptionKeys,
  adminSubscriptionsQueryOptions,
  deleteAdminSubscription,
  setAdminSubscriptionCancelled,
} from '../api/admin-subscriptions-api';
import { GrantSubscriptionDialog } from './grant-subscription-dialog';

/**
 * `/admin/subscriptions` (spec 2, 7): every user's subscriptions, searched by owner, plan or network and filtered by
 * status; cancel at period end, resume, delete (a paid one is cancelled at the provider first) and manual grants.
 */
export function AdminSubscriptionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { search, setSearch, debounced } = useListSearch();
  const [status, setStatus] = useState<SubscriptionStatus | null>(null);
  const [granting, setGranting] = useState(false);
  const [deleting, setDeleting] = useState<AdminSubscription | null>(null);
  const subscriptions = useQuery(adminSubscriptionsQueryOptions(debounced, status));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.all });
  const change = useMutation({ mutationFn: setAdminSubscriptionCancelled, onSuccess: refresh });
  const remove = useMutation({
    mutationFn: deleteAdminSubscription,
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  return (
    <>
      <ListPage
        title={t('adminSubscriptions.title')}
        icon={IconReceipt}
        description={t('adminSubscriptions.intro')}
        maw={1200}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setGranting(true)}>
            {t('adminSubscriptions.grant.open')}
          </Button>
        }
        filters={
          <ListFilters
            search={search}
            onSearch={setSearch}
            status={{
              label: t('adminSubscriptions.statusFilter'),
              placeholder: t('adminSubscriptions.allStatuses'),
              options: subscriptionStatuses.map((value) => ({ value, label: t(`subscriptions.status.${value}`) })),
              value: status,
              onChange: setStatus,
            }}
          />
        }
        actionError={change.error ?? remove.error}
        query={subscriptions}
        isEmpty={(data) => data.length === 0}
        empty={debounced || status ? t('adminSubscriptions.noMatch') : t('adminSubscriptions.empty')}
      >
        {(data) => (
          <SubscriptionsTable
            subscriptions={data}
            onCancel={(id, cancel) => change.mutate({ id, cancel })}
            onDelete={setDeleting}
          />
        )}
      </ListPage>
      {granting && <GrantSubscriptionDialog onClose={() => setGranting(false)} />}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('adminSubscriptions.confirmDelete.title')}
        centered
      >
        <Stack>
          <Text size="sm">
            {t(
              deleting?.provider === 'manual'
                ? 'adminSubscriptions.confirmDelete.manual'
                : 'adminSubscriptions.confirmDelete.billable',
              { plan: deleting?.productName, owner: deleting?.organization?.name ?? deleting?.owner.email ?? '' },
            )}
          </Text>
          <ErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
              {t('errors.close')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              {t('adminSubscriptions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The subscriptions as a table: owner, plan and price, status, period end, seats, and each one's actions. */
function SubscriptionsTable({
  subscriptions,
  onCancel,
  onDelete,
}: {
  subscriptions: AdminSubscription[];
  onCancel: (id: string, cancel: boolean) => void;
  onDelete: (subscription: AdminSubscription) => void;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <ListTable
      label={t('adminSubscriptions.title')}
      minWidth={860}
      hasActions
      columns={[
        { header: t('adminSubscriptions.owner') },
        { header: t('adminSubscriptions.plan') },
        { header: t('adminSubscriptions.status') },
        { header: t('adminSubscriptions.periodEnd') },
        { header: t('adminSubscriptions.seats'), isNumeric: true },
      ]}
    >
      {subscriptions.map((subscription) => (
        <Table.Tr key={subscription.id} data-testid="admin-subscription-row">
          <Table.Td>
            {subscription.organization ? (
              // An organisation's subscription: the organisation is the customer (decision 0073).
              <>
                <Anchor
                  component={Link}
                  to={paths.admin.organization.getHref(subscription.organization.id)}
                  size="sm"
                  fw={500}
                >
                  {subscription.organization.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('adminSubscriptions.organization')}
                </Text>
              </>
            ) : (
              <>
                <Text size="sm" fw={500}>
                  {subscription.owner.name ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {subscription.owner.email}
                </Text>
              </>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{subscription.productName}</Text>
            <Text size="xs" c="dimmed">
              {subscription.networkName ?? t('subscriptions.networkGone')} ·{' '}
              {subscription.provider === 'manual'
                ? t('adminSubscriptions.manual')
                : `${formatMoney(subscription.amount, subscription.currency)}${subscription.interval ? ` ${t(`pricing.per.${subscription.interval}`)}` : ''}`}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge color={subscriptionStatusColor[subscription.status]} variant="light">
              {t(`subscriptions.status.${subscription.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td style={tabularNumbers}>{date(subscription.currentPeriodEnd)}</Table.Td>
          <Table.Td ta="right" style={tabularNumbers}>
            {subscription.accounts.length} / {subscription.seats}
          </Table.Td>
          <Table.Td ta="right">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  aria-label={t('adminSubscriptions.actionsFor', {
                    plan: subscription.productName,
                    owner: subscription.organization?.name ?? subscription.owner.email ?? '',
                  })}
                >
                  <IconDots size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {subscription.status === 'cancelling' && (
                  <Menu.Item
                    leftSection={<IconPlayerPlay size={14} />}
                    onClick={() => onCancel(subscription.id, false)}
                  >
                    {t('subscriptions.resume')}
                  </Menu.Item>
                )}
                {(subscription.status === 'active' || subscription.status === 'past_due') && (
                  <Menu.Item leftSection={<IconX size={14} />} onClick={() => onCancel(subscription.id, true)}>
                    {t('subscriptions.cancelAtPeriodEnd')}
                  </Menu.Item>
                )}
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(subscription)}>
                  {t('adminSubscriptions.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
