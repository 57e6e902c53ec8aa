import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type PurchaseKind = 'credits' | 'subscription';

const buyParam = 'buy';
const networkParam = 'network';

/**
 * The purchase dialogs open from the address (`?buy=credits`, `?buy=subscription[&network=id]`), so every "buy"
 * entry point in the portal is a plain link and Back closes the dialog.
 */
export function usePurchaseDialogs() {
  const [params, setParams] = useSearchParams();
  const value = params.get(buyParam);
  const open = value === 'credits' || value === 'subscription' ? (value as PurchaseKind) : null;

  const close = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(buyParam);
        next.delete(networkParam);
        return next;
      }),
    [setParams],
  );

  return { open, networkId: params.get(networkParam), close };
}

/** The link that opens a purchase dialog on the current page (or on `pathname`). */
export function purchaseHref(
  kind: PurchaseKind,
  { networkId, pathname = '' }: { networkId?: string; pathname?: string } = {},
) {
  const params = new URLSearchParams({ [buyParam]: kind });
  if (networkId) params.set(networkParam, networkId);
  return `${pathname}?${params}`;
}
