import { z } from 'zod';
import { teamSchema } from './organizations';

/** The password rules, set by server configuration and shown by the forms (spec 5). */
export const passwordPolicySchema = z
  .object({
    minLength: z.number().int().min(6),
    maxLength: z.number().int().max(256),
    requireLowercase: z.boolean(),
    requireUppercase: z.boolean(),
    requireDigit: z.boolean(),
    requireSymbol: z.boolean(),
  })
  .meta({ id: 'PasswordPolicy' });

export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export type PasswordRule = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';

/** The rules a password breaks, in the order the forms list them; empty when it is acceptable. */
export function checkPassword(policy: PasswordPolicy, password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (password.length < policy.minLength) broken.push('minLength');
  if (password.length > policy.maxLength) broken.push('maxLength');
  if (policy.requireLowercase && !/[a-z]/.test(password)) broken.push('lowercase');
  if (policy.requireUppercase && !/[A-Z]/.test(password)) broken.push('uppercase');
  if (policy.requireDigit && !/[0-9]/.test(password)) broken.push('digit');
  if (policy.requireSymbol && !/[^A-Za-z0-9]/.test(password)) broken.push('symbol');
  return broken;
}

/** Text, '@', text, '.', text, no whitespace (spec 5). */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const usernameMinLength = 3;
/** Longer names are refused: they are shown in menus, tables and e-mails. */
export const usernameMaxLength = 64;

export const authConfigSchema = z
  .object({
    passwordPolicy: passwordPolicySchema,
    providers: z.object({ google: z.boolean() }),
  })
  .meta({ id: 'AuthConfig' });

export type AuthConfig = z.infer<typeof authConfigSchema>;

/** `GET /api/user`: the signed-in user's organisations and role (spec 3: teams, isAdmin), plus the overview. */
export const userOverviewSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    photoURL: z.string().nullable(),
    teams: z.array(teamSchema),
    isAdmin: z.boolean(),
    /** The address is proven (the mailed link was opened); until then the dashboard offers to send it again. */
    emailVerified: z.boolean(),
    /** The user's credit balance (spec: user overview tokenAmount). */
    tokenAmount: z.number().int(),
  })
  .meta({ id: 'UserOverview' });

export type UserOverview = z.infer<typeof userOverviewSchema>;

export const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    banned: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminUser' });

export type AdminUser = z.infer<typeof adminUserSchema>;
