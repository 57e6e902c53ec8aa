import { useScopeAccess } from './use-scope-access';

/** Whether the person may see a page for an organisation's owners and admins; 'loading' while the role is unknown. */
export type ManagerAccess = 'allowed' | 'refused' | 'loading';

/**
 * On an organisation's pages for its owners and admins (API keys, webhooks, notifications): whether the person is
 * one of them, 'loading' while the role is unknown. The person's own pages are always theirs. The server refuses
 * the others anyway; this chooses between the page and the words saying who may see it.
 */
export function useManagerAccess(): ManagerAccess {
  const { scope, role } = useScopeAccess();
  if (scope.kind === 'personal') return 'allowed';
  if (role === undefined) return 'loading';
  return role === 'owner' || role === 'admin' ? 'allowed' : 'refused';
}
