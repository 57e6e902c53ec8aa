import { Component, type ReactNode, Suspense, useEffect } from 'react';
import { useBrand } from '../../../lib/brand/brand-context';
import { lazyNamed } from '../../../lib/lazy-import';
import { useSalesDialog } from '../hooks/use-sales-dialog';
import { currentGclid } from '../lib/gclid';

// The flow, its phone metadata and the dialogs load only when someone opens it (docs/decisions/0048).
const SalesFlow = lazyNamed(() => import('./sales-flow'), 'SalesFlow');
const UnexpectedErrorDialog = lazyNamed(() => import('./sales-result'), 'UnexpectedErrorDialog');

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
    // Its chunk is the flow's neighbour; when the network took both, there is nothing to show and nothing lost.
    return (
      <Suspense fallback={null}>
        <UnexpectedErrorDialog onClose={this.props.onClose} />
      </Suspense>
    );
  }
}
