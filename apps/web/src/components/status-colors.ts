import type { OrgStatus, SubscriptionStatus } from '@fixpoint/shared';

/** The beta's states as status colours: approved, waiting for an admin, refused; on the owner's and the admin's pages. */
export const orgStatusColor: Record<OrgStatus, string> = { active: 'green', pending: 'orange', declined: 'red' };

/** One colour per subscription status, on the user's and the admin's pages alike. */
export const subscriptionStatusColor: Record<SubscriptionStatus, string> = {
  active: 'green',
  cancelling: 'yellow',
  cancelled: 'gray',
  past_due: 'red',
};
