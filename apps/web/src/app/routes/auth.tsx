import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthModal, type AuthMode } from '../../features/auth/components/auth-modal';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { DashboardRoute } from './dashboard';

/** /login, /signup and /register: the dashboard with the auth modal over it; it closes once signed in. */
export function AuthRoute({ mode }: { mode: AuthMode }) {
  const auth = useAuth();
  const navigate = useNavigate();
  if (auth.status === 'signed-in') return <Navigate to={paths.dashboard.getHref()} replace />;
  return (
    <>
      <DashboardRoute />
      {auth.status === 'signed-out' && (
        <AuthModal initialMode={mode} onClose={() => navigate(paths.dashboard.getHref())} />
      )}
    </>
  );
}
