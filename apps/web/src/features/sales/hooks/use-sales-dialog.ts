import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const contactParam = 'contact';
const contactValue = 'sales';

/**
 * The sales flow opens from the address (`?contact=sales`), like the purchase and organisation dialogs: every
 * call-to-action is a plain link, Back closes the flow, and the page underneath stays the screen of origin.
 */
export function useSalesDialog() {
  const [params, setParams] = useSearchParams();
  const isOpen = params.get(contactParam) === contactValue;
  const close = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(contactParam);
        return next;
      }),
    [setParams],
  );
  return { isOpen, close };
}

/** The link that opens the sales flow on the current page (or on `pathname`). */
export const salesHref = (pathname = '') => `${pathname}?${new URLSearchParams({ [contactParam]: contactValue })}`;
