import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../../api/accounts-api';
import { fleetQueryOptions } from '../../../api/fleet-api';
import { ErrorAlert } from '../../../components/error-alert';
import { HealthSummary } from '../../../components/health/health-badge';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { StatCard } from '../../../components/stat-card';
import { useScopeAccess } from '../../../session/use-scope-access';
import { orgUsageQueryOptions, type UsageRange, usageCsvPath } from '../api/org-usage-api';
import { UsageChart } from './usage-chart';
import { formatData, formatHours, lastDays } from './usage-format';
import { UsageTable } from './usage-table';

const defaultDays = 30;

/**
 * `/org/:orgId/usage` (admins and owners): for a range of days (the last 30 by default), hours connected per day,
 * and sessions, hours, data and credits per member and per account; the same as CSV.
 */
export function UsagePage() {
  const { t, i18n } = useTranslation();
  const { scope, role } = useScopeAccess();
  const orgId = scope.kind === 'organization' ? scope.orgId : '';
  // Each account's rover health beside its usage (issue 33): the fleet's answer, once there.
  const fleet = useQuery(fleetQueryOptions(scope));
  const healthOf = new Map(fleet.data?.accounts.map((health) => [health.accountId, health]));
  const [range, setRange] = useState<UsageRange>(() => lastDays(defaultDays));
  const isValid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const canSee = role === 'owner' || role === 'admin';
  const usage = useQuery({
    ...orgUsageQueryOptions(orgId, range),
    enabled: canSee && isValid,
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation({
    mutationFn: () => downloadCsv(usageCsvPath(orgId, range), {}, `usage-${range.from}-${range.to}.csv`),
  });

  const heading = (
    <PageHeading
      title={t('org.usage.title')}
      icon={IconChartBar}
      description={t('org.usage.intro')}
      actions={
        canSee && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={!isValid}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate()}
          >
            {t('org.usage.export')}
          </Button>
        )
      }
    />
  );
  if (role === 'member') {
    return (
      <Stack gap="lg" maw={1200}>
        {heading}
        <Alert color="gray">{t('org.usage.managersOnly')}</Alert>
      </Stack>
    );
  }

  const data = usage.data;
  const totals = (data?.days ?? []).reduce(
    (sum, day) => ({
      hours: sum.hours + day.hours,
      bytes: sum.bytes + day.bytes,
      sessions: sum.sessions + day.sessions,
      credits: sum.credits + day.creditsSpent,
    }),
    { hours: 0, bytes: 0, sessions: 0, credits: 0 },
  );

  return (
    <Stack gap="lg" maw={1200}>
      {heading}
      <Group align="flex-start" gap="md">
        <TextInput
          type="date"
          label={t('org.usage.from')}
          value={range.from}
          max={range.to || undefined}
          onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
          w={180}
        />
        <TextInput
          type="date"
          label={t('org.usage.to')}
          value={range.to}
          min={range.from || undefined}
          onChange={(event) => setRange({ ...range, to: event.currentTarget.value })}
          error={range.from && range.to && !isValid ? t('org.usage.badRange') : undefined}
          w={180}
        />
      </Group>
      <ErrorAlert error={exportCsv.error} />
      {usage.isError ? (
        <QueryErrorAlert query={usage} />
      ) : !data ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {[1, 2, 3, 4].map((key) => (
              <Skeleton key={key} height={96} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <StatCard title={t('org.usage.hours')} value={formatHours(totals.hours, i18n.language)} />
            <StatCard
              title={t('org.usage.sessions')}
              value={new Intl.NumberFormat(i18n.language).format(totals.sessions)}
            />
            <StatCard title={t('org.usage.data')} value={formatData(totals.bytes, i18n.language)} />
            <StatCard
              title={t('org.usage.credits')}
              value={new Intl.NumberFormat(i18n.language).format(totals.credits)}
            />
          </SimpleGrid>
          {data.days.length === 0 || totals.sessions === 0 ? (
            <Text c="dimmed">{t('org.usage.empty')}</Text>
          ) : (
            <UsageChart days={data.days} />
          )}
          <UsageTable
            id="usage-members"
            title={t('org.usage.perMember')}
            nameHeader={t('org.usage.member')}
            rows={data.members.map((m) => ({ ...m, id: m.userId, name: m.name || m.email, detail: m.email }))}
            emptyText={t('org.usage.empty')}
          />
          <UsageTable
            id="usage-accounts"
            title={t('org.usage.perAccount')}
            nameHeader={t('org.usage.account')}
            rows={data.accounts.map((a) => ({
              ...a,
              id: a.accountId,
              detail: a.username,
              ...(fleet.data && { health: <HealthSummary health={healthOf.get(a.accountId)} /> }),
            }))}
            emptyText={t('org.usage.empty')}
          />
        </>
      )}
    </Stack>
  );
}
