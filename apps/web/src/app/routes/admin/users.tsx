import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminUsersTable } from '../../../features/admin-users/components/admin-users-table';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminUsersRoute() {
  const { t } = useTranslation();
  usePageTitle(t('admin.users.title'));
  return (
    <Stack>
      <Title order={1}>{t('admin.users.title')}</Title>
      <AdminUsersTable />
    </Stack>
  );
}
