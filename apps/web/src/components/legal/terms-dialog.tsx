import { Modal, ScrollArea, Text } from '@mantine/core';

/** The published terms in a dialog (opened from TermsLink). */
export function TermsDialog({ title, body, onClose }: { title: string; body: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="terms-text">
        {body}
      </Text>
    </Modal>
  );
}
