import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardTable } from '../../../components/card-table/card-table';
import { LoadingFallback } from '../../../components/loading-fallback';
import { useAdminUsers } from '../api/get-admin-users';
import { GrantCreditsDialog } from './grant-credits-dialog';

/** Every user, as cards or a table (search by name or e-mail, sort by any column). */
export function AdminUsersTable() {
  const { t } = useTranslation();
  const users = useAdminUsers();
  const [granting, setGranting] = useState<{ id: string; name: string } | null>(null);
  if (users.isPending) return <LoadingFallback />;
  if (users.isError) return <Alert color="red">{users.error.message}</Alert>;
  return (
    <>
      <CardTable
        nameHeader={t('admin.users.name')}
        columns={[
          { key: 'email', header: t('admin.users.email') },
          { key: 'role', header: t('admin.users.role'), isColored: true },
          { key: 'created', header: t('admin.users.created') },
        ]}
        rows={users.data.map((user) => ({
          id: user.id,
          name: user.name,
          indicatorColor: user.role === 'admin' ? 'grape' : 'gray',
          records: {
            email: user.email,
            role: user.role,
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
