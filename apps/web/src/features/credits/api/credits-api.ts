import type { LedgerPage } from '@fixpoint/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const creditKeys = { all: ['credits'] as const, ledger: () => [...creditKeys.all, 'ledger'] as const };

export const ledgerQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: creditKeys.ledger(),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<LedgerPage>('/credits/ledger', { signal, query: { limit: 25, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const grantCredits = (input: { userId: string; tokenAmount: number; reason?: string }) =>
  apiRequest<{ balance: number }>('/admin/tokens', {
    method: 'PUT',
    query: { userId: input.userId, tokenAmount: input.tokenAmount, reason: input.reason || undefined },
  });
