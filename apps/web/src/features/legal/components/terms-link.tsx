import { Anchor, Modal, ScrollArea, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useBrand } from '../../../lib/brand/brand-context';
import { currentDocumentsQueryOptions } from '../api/documents-api';

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
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={terms.title}
        size="lg"
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="terms-text">
          {terms.body}
        </Text>
      </Modal>
    </>
  );
}
