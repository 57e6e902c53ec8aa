import type { Organization } from '@fixpoint/shared';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';

/**
 * Beta (spec 1): a pending organisation waits for the provider's approval, a declined one was refused; neither buys,
 * nor has NTRIP accounts. Nothing for an active organisation.
 */
export function OrgStatusNotice({ organization }: { organization: Pick<Organization, 'name' | 'status'> }) {
  const { t } = useTranslation();
  if (organization.status === 'active') return null;
  if (organization.status === 'declined') {
    return (
      <AppAlert status="error" title={t('org.declined.title')}>
        <span data-testid="org-status-notice">{t('org.declined.text', { name: organization.name })}</span>
      </AppAlert>
    );
  }
  return (
    <AppAlert status="warning" title={t('org.pending.title')}>
      <Stack gap={4} data-testid="org-status-notice">
        <Text size="sm">{t('org.pending.text', { name: organization.name })}</Text>
        <Text size="sm">{t('org.pending.beta')}</Text>
      </Stack>
    </AppAlert>
  );
}
