import { Modal } from '@mantine/core';
import { Component, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand/brand-context';
import { importWithTimeout } from '../../../lib/lazy-import';
import { useSalesDialog } from '../hooks/use-sales-dialog';
import { currentGclid } from '../lib/gclid';
import { UnexpectedErrorBody } from './sales-result';

// The flow and its phone metadata load only when someone opens it.
const SalesFlow = lazy(() =>
  importWithTimeout(() => import('./sales-flow')).then((module) => ({ default: module.SalesFlow })),
);

/**
 * The sales flow, opened from the address (`?contact=sales`) on any page, for visitors and signed-in users alike;
 * only in brands that show promotions (spec 1), so a reseller's portal never offers it.
 */
export function SalesDialogs() {
  const brand = useBrand();
  const { isOpen, close } = useSalesDialog();
  // Spec 7: a gclid in the landing address is kept at once, so a lead sent later in the visit still carries it.
  useEffect(() => {
    if (brand.showPromotion) currentGclid();
  }, [brand.showPromotion]);
  if (!brand.showPromotion || !isOpen) return null;
  return (
    <SalesErrorBoundary onClose={close}>
      <Suspense fallback={null}>
        <SalesFlow onClose={close} />
      </Suspense>
    </SalesErrorBoundary>
  );
}

/** Spec 8: anything that breaks the flow (a render error, its chunk failing to load) ends in the unexpected-error dialog. */
class SalesErrorBoundary extends Component<{ onClose: () => void; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return <UnexpectedErrorDialog onClose={this.props.onClose} />;
  }
}

function UnexpectedErrorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('errors.unexpected.title')} centered>
      <UnexpectedErrorBody onClose={onClose} />
    </Modal>
  );
}
