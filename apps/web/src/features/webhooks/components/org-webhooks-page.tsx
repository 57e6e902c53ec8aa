import { Skeleton, Stack } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';
import { PageHeading } from '../../../components/page-heading';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOwnerScope } from '../../../session/owner-scope';
import { useManagerAccess } from '../../../session/use-manager-access';
import { WebhooksCard } from './webhooks-card';

/** `/org/:orgId/webhooks`: the organisation's webhook endpoints, for its owners and admins (the server refuses others). */
export function OrgWebhooksPage() {
  const { t } = useTranslation();
  const scope = useOwnerScope();
  const access = useManagerAccess();
  usePageTitle(t('webhooks.title'));
  return (
    <Stack gap="lg">
      <PageHeading title={t('webhooks.title')} icon={IconWebhook} description={t('webhooks.orgDescription')} />
      {access === 'loading' && <Skeleton h={200} />}
      {access === 'refused' && <AppAlert status="info">{t('webhooks.managersOnly')}</AppAlert>}
      {access === 'allowed' && <WebhooksCard scope={scope} />}
    </Stack>
  );
}
