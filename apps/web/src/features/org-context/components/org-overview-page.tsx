import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  type Icon,
  IconAntenna,
  IconBuilding,
  IconChartBar,
  IconCoins,
  IconFileZip,
  IconMap,
  IconReceipt,
  IconShoppingCart,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { StatCard } from '../../../components/stat-card';
import { paths } from '../../../config/paths';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { useScopeAccess } from '../../../session/use-scope-access';
import { OrgStatusNotice } from './org-status-notice';

const statusColor = { active: 'green', pending: 'yellow', declined: 'red' } as const;

/**
 * `/org/:orgId`: the organisation's start: its status and the caller's role, balance and counts, the ways to buy
 * (admins and owners) and links to its pages. A pending or declined organisation shows why it cannot do more.
 * `accessSummary` is the accounts' summary of an active organisation, which the route passes in (features do not
 * import each other, decision 0067).
 */
export function OrgOverviewPage({ accessSummary }: { accessSummary?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { organization: org, canWrite } = useScopeAccess();
  if (!org) {
    return (
      <Stack gap="lg" maw={1200}>
        <Skeleton height={40} width={320} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </SimpleGrid>
      </Stack>
    );
  }
  const isActive = org.status === 'active';
  const isManager = org.role === 'owner' || org.role === 'admin';
  const number = new Intl.NumberFormat(i18n.language);
  const links: { key: string; icon: Icon; to: string }[] = isActive
    ? [
        { key: 'accounts', icon: IconAntenna, to: paths.org.accounts.getHref(org.id) },
        { key: 'credits', icon: IconCoins, to: paths.org.credits.getHref(org.id) },
        { key: 'subscriptions', icon: IconReceipt, to: paths.org.subscriptions.getHref(org.id) },
        { key: 'map', icon: IconMap, to: paths.org.map.getHref(org.id) },
        { key: 'rinex', icon: IconFileZip, to: paths.org.rinex.getHref(org.id) },
        { key: 'members', icon: IconUsers, to: paths.org.members.getHref(org.id) },
        ...(isManager ? [{ key: 'usage', icon: IconChartBar, to: paths.org.usage.getHref(org.id) }] : []),
      ]
    : [{ key: 'members', icon: IconUsers, to: paths.org.members.getHref(org.id) }];

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeading
        title={org.name}
        icon={IconBuilding}
        description={
          <>
            <Badge component="span" variant="light" color={statusColor[org.status]} mr="xs" data-testid="org-status">
              {t(`org.status.${org.status}`)}
            </Badge>
            <Text span size="sm" c="dimmed" data-testid="org-role">
              {t('org.yourRole', { role: t(`org.roles.${org.role}`) })}
            </Text>
          </>
        }
        actions={
          canWrite && (
            <>
              <Button component={Link} to={purchaseHref('subscription')} variant="default">
                {t('pricing.panel.buySubscription')}
              </Button>
              <Button component={Link} to={purchaseHref('credits')} leftSection={<IconShoppingCart size={16} />}>
                {t('pricing.panel.buyCredits')}
              </Button>
            </>
          )
        }
      />
      <OrgStatusNotice organization={org} />
      <SimpleGrid cols={{ base: 1, sm: isActive ? 3 : 1 }}>
        {isActive && (
          <StatCard
            title={t('org.balance')}
            value={<span data-testid="org-balance">{number.format(org.tokenAmount)}</span>}
            color={org.tokenAmount > 0 ? 'success' : 'warning'}
          />
        )}
        <StatCard title={t('org.members')} value={number.format(org.memberCount)} />
        {isActive && <StatCard title={t('org.accounts')} value={number.format(org.accountCount)} />}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="nav" aria-label={t('org.quickLinks')}>
        {links.map((link) => (
          <Card key={link.key} withBorder radius="md" padding="md" component={Link} to={link.to}>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
                <link.icon size={20} />
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{t(`org.links.${link.key}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`org.links.${link.key}.description`)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {isActive && accessSummary}
    </Stack>
  );
}
