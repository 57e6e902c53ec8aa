import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { currentDocumentsQueryOptions } from '../../api/documents-api';
import { termsLink } from '../../config/help-links';
import { useBrand } from '../../lib/brand/brand-context';

/**
 * The terms link of the footer and the sign-up form (docs/decisions/0074): the portal's `/legal/terms`, which shows
 * the current published version; the version's own address when it was published as a link only, or the brand's
 * when it keeps its terms elsewhere. `newTab` keeps the page it is on (the sign-up form) open.
 */
export function TermsLink({ children, size, newTab }: { children?: ReactNode; size?: 'sm'; newTab?: boolean }) {
  const brand = useBrand();
  const documents = useQuery(currentDocumentsQueryOptions());
  const terms = documents.data?.terms;
  const link = terms && !terms.body && terms.url ? { href: terms.url, isExternal: true } : termsLink(brand);
  if (link.isExternal || newTab) {
    return (
      <Anchor href={link.href} size={size} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={link.href} size={size}>
      {children}
    </Anchor>
  );
}
