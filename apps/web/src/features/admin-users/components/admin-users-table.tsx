import { Alert, Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingFallback } from '../../../components/loading-fallback';
import { useAdminUsers } from '../api/get-admin-users';

export function AdminUsersTable() {
  const { t, i18n } = useTranslation();
  const users = useAdminUsers();
  if (users.isPending) return <LoadingFallback />;
  if (users.isError) return <Alert color="red">{users.error.message}</Alert>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.users.name')}</Table.Th>
            <Table.Th>{t('admin.users.email')}</Table.Th>
            <Table.Th>{t('admin.users.role')}</Table.Th>
            <Table.Th>{t('admin.users.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.name}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'gray'}>
                  {user.role}
                </Badge>
              </Table.Td>
              <Table.Td>{new Date(user.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
