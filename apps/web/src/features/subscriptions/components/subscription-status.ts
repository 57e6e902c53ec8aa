import type { SubscriptionStatus } from '@fixpoint/shared';

/** One colour per subscription status, on the user's and the admin's pages alike. */
export const subscriptionStatusColor: Record<SubscriptionStatus, string> = {
  active: 'green',
  cancelling: 'yellow',
  cancelled: 'gray',
  past_due: 'red',
};
