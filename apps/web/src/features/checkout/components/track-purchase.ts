import type { CheckoutState } from '@fixpoint/shared';
import { track } from '../../../lib/analytics';

const storageKey = 'fixpoint.trackedPurchases';

function tracked(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(value) ? value.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Spec 7: `tokenPurchase` or `subscriptionPurchase` (value, currency, transaction id), pushed once per transaction:
 * a reload or a second visit of the return page does not count the sale again.
 */
export function trackPurchaseOnce(state: CheckoutState) {
  if (state.status !== 'paid') return;
  const seen = tracked();
  if (seen.includes(state.checkoutSessionId)) return;
  track(state.type === 'Token' ? 'tokenPurchase' : 'subscriptionPurchase', {
    value: state.amount / 100,
    currency: state.currency.toUpperCase(),
    transactionId: state.checkoutSessionId,
  });
  try {
    localStorage.setItem(storageKey, JSON.stringify([...seen, state.checkoutSessionId].slice(-100)));
  } catch {
    // Storage full or blocked: the event went out once; a reload may count it again, which beats losing it.
  }
}
