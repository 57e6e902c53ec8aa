import {
  type NotificationChannel,
  type NotificationKind,
  type NotificationSetting,
  notificationDefaults,
  notificationKinds,
  notificationKindsWithoutWebhook,
} from '@fixpoint/shared';
import { Card, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import type { OwnerScope } from '../../../session/owner-scope';
import {
  notificationKeys,
  notificationSettingsQueryOptions,
  updateNotificationSettings,
} from '../api/notifications-api';

/** The kinds in groups a reader scans: the stations, access and money, the rovers' accounts. */
const groups: { key: string; kinds: NotificationKind[] }[] = [
  { key: 'stations', kinds: ['station-down', 'station-up', 'station-degraded'] },
  {
    key: 'access',
    kinds: [
      'access-started',
      'access-ending',
      'access-ended',
      'subscription-ending',
      'subscription-payment-failed',
      'credits-low',
    ],
  },
  { key: 'accounts', kinds: ['account-login-failing', 'account-no-corrections'] },
  { key: 'integrations', kinds: ['webhook-disabled'] },
];
// A kind the contract gains later still gets its row, at the end.
const grouped = new Set(groups.flatMap((group) => group.kinds));
const otherKinds = notificationKinds.filter((kind) => !grouped.has(kind));
if (otherKinds.length > 0) groups.push({ key: 'other', kinds: otherKinds });

/**
 * Which kinds reach the owner on which channel (issue 31): in-app and e-mail, and webhooks once the server offers
 * that channel (its rows then carry `webhook`). A switch saves at once; the defaults hold until one is changed.
 */
export function NotificationSettingsCard({ scope }: { scope: OwnerScope }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(notificationSettingsQueryOptions(scope));
  const save = useMutation({
    mutationFn: (setting: NotificationSetting) => updateNotificationSettings(scope, [setting]),
    onSuccess: (answer) => {
      client.setQueryData(notificationKeys.settings(scope), answer);
      notifications.show({
        color: 'green',
        message: t('notificationSettings.saved'),
        closeButtonProps: { 'aria-label': t('errors.close') },
      });
    },
  });
  const rows = new Map(query.data?.settings.map((row) => [row.kind, row]));
  const hasWebhook = query.data?.settings.some((row) => row.webhook !== undefined) ?? false;
  const channels: NotificationChannel[] = hasWebhook ? ['inApp', 'email', 'webhook'] : ['inApp', 'email'];
  const rowOf = (kind: NotificationKind): NotificationSetting => {
    const defaults = notificationDefaults[kind];
    return rows.get(kind) ?? { kind, inApp: defaults.inApp, email: defaults.email };
  };
  // While a change is on its way, its switch shows the new position.
  const pending = save.isPending ? save.variables : undefined;

  return (
    <Card withBorder padding="lg" maw={880}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('notificationSettings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('notificationSettings.intro')}
        </Text>
        <QueryErrorAlert query={query} />
        <ErrorAlert error={save.error} />
        {query.isPending && (
          <Stack gap="xs" aria-busy>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={36} />
            ))}
          </Stack>
        )}
        {query.isSuccess && (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="sm" aria-label={t('notificationSettings.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th c="dimmed" fw={500}>
                    {t('notificationSettings.kind')}
                  </Table.Th>
                  {channels.map((channel) => (
                    <Table.Th key={channel} c="dimmed" fw={500} ta="center" w={96}>
                      {t(`notificationSettings.channels.${channel}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              {groups.map((group) => (
                <Table.Tbody key={group.key}>
                  <Table.Tr>
                    <Table.Th colSpan={channels.length + 1} scope="colgroup" fz="xs" c="dimmed" tt="uppercase" pt="md">
                      {t(`notificationSettings.groups.${group.key}`)}
                    </Table.Th>
                  </Table.Tr>
                  {group.kinds.map((kind) => {
                    const row = pending?.kind === kind ? pending : rowOf(kind);
                    const label = t(`notificationSettings.kinds.${kind}.label`);
                    return (
                      <Table.Tr key={kind}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {label}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`notificationSettings.kinds.${kind}.description`)}
                          </Text>
                        </Table.Td>
                        {channels.map((channel) =>
                          // No webhook event reports this kind: a switch there would do nothing.
                          channel === 'webhook' && notificationKindsWithoutWebhook.includes(kind) ? (
                            <Table.Td key={channel} />
                          ) : (
                            <Table.Td key={channel}>
                              <Switch
                                checked={row[channel] ?? false}
                                disabled={save.isPending}
                                onChange={(event) =>
                                  save.mutate({ ...rowOf(kind), [channel]: event.currentTarget.checked })
                                }
                                aria-label={t('notificationSettings.switch', {
                                  kind: label,
                                  channel: t(`notificationSettings.channels.${channel}`),
                                })}
                                styles={{ body: { justifyContent: 'center' } }}
                              />
                            </Table.Td>
                          ),
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              ))}
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
