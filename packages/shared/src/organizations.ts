import { z } from 'zod';
import { emailMaxLength, plainText } from './text';

/**
 * Organisations (issue 14; spec 1, 2 "Organisation creation", 3, 5, 7, 8; PRODUCT.md "Organisation";
 * docs/decisions/0041): fleets and dealers with members and roles, their own credits, NTRIP accounts and
 * subscriptions, invitations by e-mail, time-limited lending of accounts to members, usage, and the admin's view.
 */

export const orgRoles = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof orgRoles)[number];

/** Beta (spec 1): an organisation waits for an admin's approval when the beta is "by approval". */
export const orgStatuses = ['active', 'pending', 'declined'] as const;
export type OrgStatus = (typeof orgStatuses)[number];

export const orgNameLimits = { max: 32, minEffective: 3 } as const;

/** Spec 8's creation codes, with their texts. */
export const orgCreationErrors = {
  MaximumOrganizationCreated: 'You have reached the maximum amount of organizations you can create.',
  CanNotBeEmpty: 'The organization name can not be empty.',
  AlreadyTaken: 'This name is already taken.',
  MinimumCharactersNotMet: 'The organization name has to be at least 3 characters long. Excluding special characters.',
} as const;
export type OrgCreationError = keyof typeof orgCreationErrors;

/** Letters and digits in any script count; spaces, punctuation and symbols do not (spec 5). */
export const effectiveNameLength = (name: string) => (name.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** The rule as a reason code, or null when the name is acceptable (AlreadyTaken is the server's to say). */
export function orgNameProblem(name: string): 'CanNotBeEmpty' | 'MinimumCharactersNotMet' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'CanNotBeEmpty';
  if (effectiveNameLength(trimmed) < orgNameLimits.minEffective) return 'MinimumCharactersNotMet';
  return null;
}

/** The body is checked by the service (its codes are the spec's); only the length is a schema rule. */
export const createOrganizationSchema = z.object({
  name: plainText(z.string().max(orgNameLimits.max, `At most ${orgNameLimits.max} characters.`)),
});

/** `POST /api/organization`: spec 7's success flag and value (the organisation's URL in the portal). */
export const organizationCreatedSchema = z
  .object({
    success: z.literal(true),
    value: z.string(),
    organization: z.object({ id: z.string(), name: z.string(), status: z.enum(orgStatuses) }),
  })
  .meta({ id: 'OrganizationCreated' });

export type OrganizationCreated = z.infer<typeof organizationCreatedSchema>;

/** One of the caller's organisations (`GET /api/user` teams). */
export const teamSchema = z
  .object({ id: z.string(), name: z.string(), role: z.enum(orgRoles), status: z.enum(orgStatuses) })
  .meta({ id: 'Team' });

export type Team = z.infer<typeof teamSchema>;

/** `GET /api/org/{id}`. */
export const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(orgStatuses),
    /** The caller's role. */
    role: z.enum(orgRoles),
    memberCount: z.number().int(),
    accountCount: z.number().int(),
    tokenAmount: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Organization' });

export type Organization = z.infer<typeof organizationSchema>;

export const orgMemberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(orgRoles),
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'OrgMember' });

export type OrgMember = z.infer<typeof orgMemberSchema>;

/** `PUT /api/org/{id}/members` (spec 7: forMember, role). */
export const updateMemberSchema = z.object({ forMember: z.string().min(1).max(100), role: z.enum(orgRoles) });
/** `DELETE /api/org/{id}/members?forMember=`: removes a member, or the caller leaves. */
export const memberQuerySchema = z.object({ forMember: z.string().min(1).max(100) });

export const inviteEmailSchema = z.object({
  // The length first: an address longer than any mail server takes is refused before anything reads it (0065).
  email: z.string().max(emailMaxLength).trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.')),
});

export const orgInviteSchema = z
  .object({
    email: z.string(),
    status: z.enum(['pending', 'declined']),
    invitedBy: z.string().nullable(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'OrgInvite' });

export type OrgInvite = z.infer<typeof orgInviteSchema>;

/** `GET /api/invites`: invitations waiting for the caller's e-mail address. */
export const userInviteSchema = z
  .object({
    organization: z.string(),
    organizationName: z.string(),
    invitedBy: z.string().nullable(),
    status: z.enum(['pending', 'declined']),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'Invite' });

export type UserInvite = z.infer<typeof userInviteSchema>;

export const inviteActions = ['accept', 'decline', 'acceptDeclined'] as const;
export const inviteActionSchema = z.object({
  action: z.enum(inviteActions),
  organization: z.uuid('Unknown organisation.'),
});

/** Lending an organisation's NTRIP account to a member until a date (the caster ends its access then). */
export const lendAccountSchema = z.object({
  userId: z.string().min(1).max(100),
  until: z.iso.datetime({ offset: true }),
});

export const usageQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

const usageFigures = {
  sessions: z.number().int(),
  hours: z.number(),
  bytes: z.number().int(),
  creditsSpent: z.number().int(),
};

export const orgUsageSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    members: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), ...usageFigures })),
    accounts: z.array(z.object({ accountId: z.string(), name: z.string(), username: z.string(), ...usageFigures })),
    days: z.array(z.object({ date: z.iso.date(), ...usageFigures })),
  })
  .meta({ id: 'OrgUsage' });

export type OrgUsage = z.infer<typeof orgUsageSchema>;

export const adminOrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(orgStatuses),
    ownerEmail: z.string().nullable(),
    memberCount: z.number().int(),
    accountCount: z.number().int(),
    subscriptionCount: z.number().int(),
    tokenAmount: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminOrganization' });

export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

export const adminOrganizationsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(orgStatuses).optional(),
});

export const adminOrgStatusSchema = z.object({ status: z.enum(['active', 'declined']) });
export const adminOrgTokensSchema = z.object({
  tokenAmount: z
    .number()
    .int()
    .refine((value) => value !== 0, 'Enter a non-zero amount.'),
  reason: plainText(z.string().trim().max(200)).optional(),
});

/** Admin → settings → account management: who may create organisations (docs/decisions/0041). */
export const orgAccessModes = ['open', 'approval'] as const;
export type OrgAccessMode = (typeof orgAccessModes)[number];
