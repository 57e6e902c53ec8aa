import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { currentDocumentsQueryOptions } from '../../api/documents-api';
import { useBrand } from '../../lib/brand/brand-context';
import { lazyNamed } from '../../lib/lazy-import';

// The dialog loads when it is first opened: the link sits in every page's footer (docs/decisions/0048).
const TermsDialog = lazyNamed(() => import('./terms-dialog'), 'TermsDialog');

/**
 * The terms link of the footer and the sign-up form: the current published version (its text in a dialog, or its
 * own address), else the brand's terms link.
 */
export function TermsLink({ children, size }: { children?: ReactNode; size?: 'sm' }) {
  const brand = useBrand();
  const documents = useQuery(currentDocumentsQueryOptions());
  const [isOpen, setOpen] = useState(false);
  const terms = documents.data?.terms;
  if (!terms?.body) {
    return (
      <Anchor href={terms?.url ?? brand.termsUrl} size={size} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    );
  }
  return (
    <>
      <Anchor component="button" type="button" size={size} onClick={() => setOpen(true)}>
        {children}
      </Anchor>
      {isOpen && (
        <Suspense fallback={null}>
          <TermsDialog title={terms.title} body={terms.body} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
