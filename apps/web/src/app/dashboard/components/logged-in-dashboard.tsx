import { SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IconAntenna,
  IconCoins,
  IconLayoutDashboard,
  IconMap,
  IconReceipt,
  IconSettings,
  IconWorld,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionCard } from '../../../components/action-card';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { StatCard } from '../../../components/stat-card';
import { paths } from '../../../config/paths';
import { AccessSummary } from '../../../features/accounts/components/access-summary';
import { VerifyEmailBanner } from '../../../features/auth/components/verify-email-banner';
import { ServiceStatusCard } from '../../../features/notifications/components/service-status-card';
import { InvitationsCard } from '../../../features/organizations/components/invitations-card';
import { OrganizationsCard } from '../../../features/organizations/components/organizations-card';
import { CreditsPanel } from '../../../features/pricing/components/credits-panel';
import { PromotionCard } from '../../../features/sales/components/promotion-card';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { userOverviewQueryOptions } from '../../../session/auth-api';
import { useAuth } from '../../../session/use-auth';

/** A signed-in user's start: live figures, then the product's flows as action cards. */
export function LoggedInDashboard() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const overview = useQuery(userOverviewQueryOptions());

  const credits = overview.data?.tokenAmount;
  const number = new Intl.NumberFormat(i18n.language);

  const actions = [
    { key: 'buyCredits', icon: IconCoins, to: purchaseHref('credits'), variant: 'filled' },
    { key: 'createAccount', icon: IconAntenna, to: paths.accounts.getHref(), variant: 'default' },
    { key: 'subscribe', icon: IconReceipt, to: purchaseHref('subscription'), variant: 'default' },
    { key: 'networks', icon: IconWorld, to: paths.marketplace.getHref(), variant: 'default' },
    { key: 'map', icon: IconMap, to: paths.map.getHref(), variant: 'default' },
    { key: 'settings', icon: IconSettings, to: paths.settings.getHref(), variant: 'default' },
  ] as const;

  return (
    <Stack gap="xl" maw={1200}>
      <PageHeading
        title={t('dashboard.welcome', { name: auth.username || t('app.defaultUsername') })}
        icon={IconLayoutDashboard}
        description={t('dashboard.userIntro')}
      />
      <VerifyEmailBanner />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
        <StatCard
          title={t('dashboard.stats.credits')}
          value={credits === undefined ? '…' : number.format(credits)}
          color={credits === undefined ? 'muted' : credits > 0 ? 'success' : 'warning'}
          description={credits === 0 ? t('dashboard.stats.noCredits') : undefined}
        />
        <OrganizationsCard teams={overview.data?.teams} />
        <ServiceStatusCard />
      </SimpleGrid>
      {/* Without the overview the credits and organisations cards cannot fill in: say why, and offer Retry. */}
      {overview.isError && <QueryErrorAlert query={overview} />}
      <InvitationsCard />
      <AccessSummary />
      <CreditsPanel balance={credits} />
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('dashboard.userActions.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {actions.map((action) => (
            <ActionCard
              key={action.key}
              title={t(`dashboard.userActions.${action.key}.title`)}
              icon={action.icon}
              description={t(`dashboard.userActions.${action.key}.description`)}
              buttonLabel={t(`dashboard.userActions.${action.key}.button`)}
              buttonVariant={action.variant}
              to={action.to}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <PromotionCard />
    </Stack>
  );
}
