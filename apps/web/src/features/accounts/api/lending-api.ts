import type { NtripAccount } from '@fixpoint/shared';
import { apiRequest } from '../../../lib/api-client';

const lendingPath = (orgId: string, accountId: string) =>
  `/org/${encodeURIComponent(orgId)}/accounts/${encodeURIComponent(accountId)}/lending`;

/** Lends an organisation's NTRIP account to a member until a moment; the caster ends its access then. */
export const lendAccount = (input: { orgId: string; accountId: string; userId: string; until: string }) =>
  apiRequest<NtripAccount>(lendingPath(input.orgId, input.accountId), {
    method: 'PUT',
    body: { userId: input.userId, until: input.until },
  });

/** Takes a lent account back; the server regenerates its password so the member's receiver stops connecting. */
export const takeBackAccount = (input: { orgId: string; accountId: string }) =>
  apiRequest<NtripAccount>(lendingPath(input.orgId, input.accountId), { method: 'DELETE' });
