import { Skeleton, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';
import { PageHeading } from '../../../components/page-heading';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOwnerScope } from '../../../session/owner-scope';
import { useManagerAccess } from '../../../session/use-manager-access';
import { ApiKeysCard } from './api-keys-card';

/** `/org/:orgId/api-keys`: the organisation's API keys, for its owners and admins (the server refuses others too). */
export function OrgApiKeysPage() {
  const { t } = useTranslation();
  const scope = useOwnerScope();
  const access = useManagerAccess();
  usePageTitle(t('apiKeys.title'));
  return (
    <Stack gap="lg">
      <PageHeading title={t('apiKeys.title')} icon={IconKey} description={t('apiKeys.orgDescription')} />
      {access === 'loading' && <Skeleton h={200} />}
      {access === 'refused' && <AppAlert status="info">{t('apiKeys.managersOnly')}</AppAlert>}
      {access === 'allowed' && <ApiKeysCard scope={scope} />}
    </Stack>
  );
}
