import { Alert, Stack } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { BillingPage } from '../../features/billing/components/billing-page';
import { usePageTitle } from '../../lib/use-page-title';
import { useScopeAccess } from '../../session/use-scope-access';

/**
 * `/org/:orgId/settings/billing`: the person's billing page in the organisation's scope (its details, card and
 * invoices; docs/decisions/0073), for its owners and admins; a member is told who sees it.
 */
export function OrgBillingRoute() {
  const { t } = useTranslation();
  const { role } = useScopeAccess();
  usePageTitle(t('org.billing.title'));
  return (
    <Stack gap="lg">
      <PageHeading title={t('org.billing.title')} icon={IconReceipt2} description={t('org.billing.intro')} />
      {role === 'member' ? <Alert color="gray">{t('org.billing.managersOnly')}</Alert> : role && <BillingPage />}
    </Stack>
  );
}
