import type { RinexJob, RinexRequest } from '@fixpoint/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditKeys } from '../../../api/credits-api';
import { orgMemberKeys } from '../../../api/org-members-api';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from '../../../session/auth-api';
import { type OwnerScope, scopedPath } from '../../../session/owner-scope';
import { rinexKeys } from './rinex-keys';

/** `POST /rinex`: spends the credits of the recorded time and queues the conversion. */
export const createRinexJob = (scope: OwnerScope, request: RinexRequest) =>
  apiRequest<RinexJob>(scopedPath(scope, '/rinex'), { method: 'POST', body: request });

/** The balance and ledger of the scope are read again after credits moved (spent, or refunded by a failure). */
export function useRefreshBalance(scope: OwnerScope) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: scope.kind === 'organization' ? orgMemberKeys.detail(scope.orgId) : authKeys.user(),
      }),
      queryClient.invalidateQueries({ queryKey: creditKeys.all }),
    ]);
}

export function useCreateRinexJob(scope: OwnerScope, { onCreated }: { onCreated: (job: RinexJob) => void }) {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance(scope);
  return useMutation({
    mutationFn: (request: RinexRequest) => createRinexJob(scope, request),
    onSuccess: async (job) => {
      queryClient.setQueryData(rinexKeys.job(scope, job.id), job);
      onCreated(job);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rinexKeys.jobs(scope), exact: true }),
        refreshBalance(),
      ]);
    },
  });
}
