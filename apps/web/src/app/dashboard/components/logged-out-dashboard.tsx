import { SimpleGrid, Stack } from '@mantine/core';
import { IconAntenna, IconLayoutDashboard, IconMapPin, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionCard } from '../../../components/action-card';
import { PageHeading } from '../../../components/page-heading';
import { StatCard } from '../../../components/stat-card';
import { paths } from '../../../config/paths';
import { ServiceStatus } from '../../../features/health/components/service-status';
import { PromotionCard } from '../../../features/sales/components/promotion-card';
import { useAuthLinks } from '../../../session/use-auth-links';

/** What a visitor sees first: what the service is, what it speaks, the three ways in, and the promotion. */
export function LoggedOutDashboard() {
  const { t } = useTranslation();
  const authLinks = useAuthLinks();
  return (
    <Stack gap="xl" maw={1200}>
      <Stack gap="xs">
        <PageHeading title={t('dashboard.heading')} icon={IconLayoutDashboard} description={t('dashboard.intro')} />
        <ServiceStatus />
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
        <StatCard title={t('dashboard.facts.protocols.title')} value={t('dashboard.facts.protocols.value')} />
        <StatCard title={t('dashboard.facts.corrections.title')} value={t('dashboard.facts.corrections.value')} />
        <StatCard
          title={t('dashboard.facts.accuracy.title')}
          value={t('dashboard.facts.accuracy.value')}
          color="success"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <ActionCard
          title={t('dashboard.actions.coverage.title')}
          icon={IconMapPin}
          description={t('dashboard.actions.coverage.description')}
          buttonLabel={t('dashboard.actions.coverage.button')}
          buttonVariant="filled"
          to={paths.marketplace.getHref()}
        />
        <ActionCard
          title={t('dashboard.actions.signUp.title')}
          icon={IconUserPlus}
          description={t('dashboard.actions.signUp.description')}
          buttonLabel={t('dashboard.actions.signUp.button')}
          {...authLinks.to('signUp')}
        />
        <ActionCard
          title={t('dashboard.actions.connect.title')}
          icon={IconAntenna}
          description={t('dashboard.actions.connect.description')}
          buttonLabel={t('dashboard.actions.connect.button')}
          buttonVariant="default"
          {...authLinks.to('signIn')}
        />
      </SimpleGrid>
      <PromotionCard />
    </Stack>
  );
}
