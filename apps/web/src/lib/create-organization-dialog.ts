import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const createParam = 'create';
const createValue = 'organisation';

/**
 * The organisation-creation dialogs open from the address (`?create=organisation`), like the purchase dialogs, so
 * the dashboard card and the side navigation's entry are plain links and Back closes the dialog.
 */
export function useCreateOrganizationDialog() {
  const [params, setParams] = useSearchParams();
  const isOpen = params.get(createParam) === createValue;
  const close = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(createParam);
        return next;
      }),
    [setParams],
  );
  return { isOpen, close };
}

/** The link that opens the creation form on the current page (or on `pathname`). */
export const createOrganizationHref = (pathname = '') =>
  `${pathname}?${new URLSearchParams({ [createParam]: createValue })}`;
