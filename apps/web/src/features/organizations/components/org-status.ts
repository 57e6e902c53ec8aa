import type { OrgStatus } from '@fixpoint/shared';

/** The beta's states as status colours: approved, waiting for an admin, refused. */
export const orgStatusColor: Record<OrgStatus, string> = { active: 'green', pending: 'orange', declined: 'red' };
