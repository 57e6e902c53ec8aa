import { useParams } from 'react-router';
import { AdminUserPage } from '../../../features/admin-users/components/admin-user-page';

export function AdminUserRoute() {
  const { userId = '' } = useParams();
  return <AdminUserPage key={userId} userId={userId} />;
}
