import type { LedgerPage } from '@fixpoint/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../session/owner-scope';

export const creditKeys = {
  all: ['credits'] as const,
  ledger: (scope: OwnerScope) => [...creditKeys.all, scopeKey(scope), 'ledger'] as const,
};

/** The scope's ledger: the person's credits, or the organisation's. */
export const ledgerQueryOptions = (scope: OwnerScope) =>
  infiniteQueryOptions({
    queryKey: creditKeys.ledger(scope),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<LedgerPage>(scopedPath(scope, '/credits/ledger'), { signal, query: { limit: 25, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const grantCredits = (input: { userId: string; tokenAmount: number; reason?: string }) =>
  apiRequest<{ balance: number }>('/admin/tokens', {
    method: 'PUT',
    query: { userId: input.userId, tokenAmount: input.tokenAmount, reason: input.reason || undefined },
  });
