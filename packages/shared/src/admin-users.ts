import { z } from 'zod';
import { casterSessionSchema, ntripAccountSchema } from './accounts';
import { adminUserSchema } from './auth';
import { ledgerPageSchema } from './credits';
import { teamSchema } from './organizations';
import { plainText } from './text';

/** One user as an admin sees them: who they are, and why they are disabled when they are. */
export const adminUserProfileSchema = adminUserSchema
  .extend({
    emailVerified: z.boolean(),
    /** Why the user was disabled (null while they are not). */
    disabledReason: z.string().nullable(),
  })
  .meta({ id: 'AdminUserProfile' });

export type AdminUserProfile = z.infer<typeof adminUserProfileSchema>;

/** A caster session of one of the user's NTRIP accounts, named by its account. */
export const adminUserSessionSchema = casterSessionSchema
  .extend({ accountId: z.string(), accountName: z.string() })
  .meta({ id: 'AdminUserSession' });

export type AdminUserSession = z.infer<typeof adminUserSessionSchema>;

/**
 * `GET /api/admin/users/{id}` (issue 15): the user with their credit balance, NTRIP accounts (never passwords), live
 * and recent caster sessions, organisations with their role, and the first page of their credit ledger (further
 * pages from `GET /api/admin/users/{id}/ledger`).
 */
export const adminUserDetailSchema = z
  .object({
    user: adminUserProfileSchema,
    balance: z.number().int(),
    accounts: z.array(ntripAccountSchema),
    sessions: z.array(adminUserSessionSchema),
    organizations: z.array(teamSchema),
    ledger: ledgerPageSchema,
  })
  .meta({ id: 'AdminUserDetail' });

export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserRoles = ['user', 'admin'] as const;

/** `PUT /api/admin/users/{id}/role`: make an admin, or a user again. */
export const adminUserRoleSchema = z.object({ role: z.enum(adminUserRoles) });

/** `PUT /api/admin/users/{id}/status`: disable (no sign-in, web sessions ended, NTRIP refused) or enable again. */
export const adminUserStatusSchema = z.object({
  status: z.enum(['active', 'disabled']),
  reason: plainText(z.string().trim().max(200)).optional(),
});

export type AdminUserStatus = z.infer<typeof adminUserStatusSchema>['status'];
