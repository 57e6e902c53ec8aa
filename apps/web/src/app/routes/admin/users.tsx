import { Stack } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { AdminUsersTable } from '../../../features/admin-users/components/admin-users-table';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminUsersRoute() {
  const { t } = useTranslation();
  usePageTitle(t('admin.users.title'));
  return (
    <Stack gap="lg">
      <PageHeading title={t('admin.users.title')} icon={IconUsers} description={t('adminUsers.list.intro')} />
      <AdminUsersTable />
    </Stack>
  );
}
