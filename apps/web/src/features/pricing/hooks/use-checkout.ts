import { useMutation } from '@tanstack/react-query';
import { useOwnerScope } from '../../../session/owner-scope';
import { useAuth } from '../../../session/use-auth';
import { startCheckout } from '../api/pricing-api';

export class NotSignedInError extends Error {
  constructor() {
    super('User not logged in');
    this.name = 'NotSignedInError';
  }
}

/**
 * Spec 4 "Pricing card button": loading while a checkout session is created; then the checkout address opens in a
 * new tab, or in this window if the tab was blocked; a failure is left to the caller's error dialog.
 */
export function useCheckout({ onOpened }: { onOpened?: () => void } = {}) {
  const auth = useAuth();
  // The page's scope: on an organisation's pages the organisation buys.
  const scope = useOwnerScope();
  const mutation = useMutation({
    mutationFn: async (input: { kind: 'product' | 'subscription'; priceId: string }) => {
      if (auth.status !== 'signed-in') throw new NotSignedInError();
      return startCheckout(scope, input);
    },
    onSuccess: ({ url }) => {
      // Not 'noopener': with it every browser answers null, and a blocked tab could not be told from an open one.
      const tab = window.open(url, '_blank');
      if (tab) tab.opener = null;
      else window.location.assign(url);
      onOpened?.();
    },
  });
  return {
    buy: mutation.mutate,
    loadingPriceId: mutation.isPending ? mutation.variables?.priceId : undefined,
    error: mutation.error,
    reset: mutation.reset,
  };
}
