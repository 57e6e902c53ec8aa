import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUsers } from '../../../api/get-admin-users';
import { CardTable } from '../../../components/card-table/card-table';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { GrantCreditsDialog } from './grant-credits-dialog';

/** The list's shape while it loads. */
function ListSkeleton() {
  return (
    <Stack gap="xs" aria-busy data-testid="admin-users-loading">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * Every user, as cards or a table (search by name or e-mail, sort by any column); a name leads to the user's page
 * (balance, accounts, sessions, organisations, ledger, make admin, disable).
 */
export function AdminUsersTable() {
  const { t } = useTranslation();
  const users = useAdminUsers();
  const [granting, setGranting] = useState<{ id: string; name: string } | null>(null);
  if (users.isPending) return <ListSkeleton />;
  if (users.isError) return <QueryErrorAlert query={users} title={t('adminUsers.list.loadFailed')} />;
  return (
    <>
      <CardTable
        nameHeader={t('admin.users.name')}
        columns={[
          { key: 'email', header: t('admin.users.email') },
          { key: 'role', header: t('admin.users.role'), isColored: true },
          { key: 'status', header: t('adminUsers.list.status') },
          { key: 'created', header: t('admin.users.created') },
        ]}
        rows={users.data.map((user) => ({
          id: user.id,
          name: user.name,
          href: paths.admin.user.getHref(user.id),
          indicatorColor: user.role === 'admin' ? 'grape' : 'gray',
          records: {
            email: user.email,
            role: user.role === 'admin' ? t('adminUsers.roles.admin') : t('adminUsers.roles.user'),
            status: user.banned ? t('adminUsers.status.disabled') : t('adminUsers.status.active'),
            // An ISO date (UTC): unambiguous in every language and, as text, it sorts in time order.
            created: user.createdAt.slice(0, 10),
          },
          action: { text: t('admin.users.grant'), onClick: () => setGranting(user), color: 'green' },
        }))}
      />
      {granting && <GrantCreditsDialog user={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
