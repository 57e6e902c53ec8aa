import type { NtripAccount } from '@fixpoint/shared';
import type { OwnerScope } from '../../../session/owner-scope';

/** In the person's own list, an account with an organisation is one the organisation lent them: read-only. */
export const isLentToUser = (scope: OwnerScope, account: NtripAccount) =>
  scope.kind === 'personal' && Boolean(account.organization);

/** Whether the scope's list has a lending to show: lent to the person, or lent out by the organisation. */
export const hasLending = (scope: OwnerScope, account: NtripAccount) =>
  Boolean(scope.kind === 'personal' ? account.organization : account.lending);

export const formatUntil = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
