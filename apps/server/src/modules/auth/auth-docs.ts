import { emailMaxLength } from '@fixpoint/shared';
import { z } from 'zod';

// The better-auth endpoints a client needs, declared for the OpenAPI document (issue 15): a newcomer should not have
// to guess how to sign up and get a token. They run through the same handler as every /api/auth/* path; the bodies
// here are checked before better-auth sees them, the answers are better-auth's own (documented, not re-serialised).

const user = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .loose()
  .meta({ id: 'AuthUser' });

const signedIn = z
  .object({ token: z.string().nullable(), user })
  .loose()
  .meta({ description: 'Signed in: the `set-auth-token` response header carries the bearer token, also in `token`.' });

const status = z.object({ status: z.boolean() }).loose();

export interface DocumentedAuthRoute {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  response: z.ZodType;
  isSignedIn?: boolean;
}

export const documentedAuthRoutes: DocumentedAuthRoute[] = [
  {
    method: 'POST',
    url: '/auth/sign-up/email',
    summary: 'Sign up with e-mail and password, accepting the terms; signs in at once',
    description:
      'The answer carries a bearer token in the `set-auth-token` header (and a session cookie for browsers). ' +
      'Send it as `Authorization: Bearer <token>` on every other call.',
    body: z
      .object({
        name: z.string().meta({ description: 'Username shown in the portal, 3 to 64 characters' }),
        email: z.string().max(emailMaxLength),
        password: z.string().meta({ description: 'Must meet GET /api/auth-config passwordPolicy' }),
        termsAccepted: z.boolean().optional().meta({ description: 'Must be true' }),
      })
      .loose(),
    response: signedIn,
  },
  {
    method: 'POST',
    url: '/auth/sign-in/email',
    summary: 'Sign in with e-mail and password: the bearer token is in the `set-auth-token` header',
    description:
      'Failed attempts are limited per address and account with a growing wait (429 RATE_LIMITED with ' +
      '`retry-after`). Send the token as `Authorization: Bearer <token>`; it stays valid until sign-out or expiry.',
    body: z
      .object({ email: z.string().max(emailMaxLength), password: z.string(), rememberMe: z.boolean().optional() })
      .loose(),
    response: signedIn,
  },
  {
    method: 'POST',
    url: '/auth/sign-out',
    summary: 'Sign out: the token (or session cookie) stops working',
    response: z.object({ success: z.boolean() }).loose(),
    isSignedIn: true,
  },
  {
    method: 'GET',
    url: '/auth/get-session',
    summary: 'The current session and user, or null when not signed in',
    response: z
      .object({ session: z.object({ expiresAt: z.string() }).loose(), user })
      .loose()
      .nullable(),
  },
  {
    method: 'POST',
    url: '/auth/request-password-reset',
    summary: 'E-mail a password-reset link (the answer is the same whether or not the address has an account)',
    body: z.object({ email: z.string().max(emailMaxLength), redirectTo: z.string().optional() }).loose(),
    response: status,
  },
  {
    method: 'POST',
    url: '/auth/reset-password',
    summary: "Set a new password with the reset link's token",
    body: z
      .object({ newPassword: z.string(), token: z.string().optional().meta({ description: 'From the reset link' }) })
      .loose(),
    response: status,
  },
  {
    method: 'POST',
    url: '/auth/change-password',
    summary: 'Change the password of the signed-in user',
    body: z
      .object({ currentPassword: z.string(), newPassword: z.string(), revokeOtherSessions: z.boolean().optional() })
      .loose(),
    response: z.object({ token: z.string().nullable().optional(), user }).loose(),
    isSignedIn: true,
  },
  {
    method: 'POST',
    url: '/auth/update-user',
    summary: "Change the signed-in user's username",
    body: z.object({ name: z.string().optional() }).loose(),
    response: status,
    isSignedIn: true,
  },
  {
    method: 'POST',
    url: '/auth/change-email',
    summary: "Change the signed-in user's e-mail address (it is the sign-in name from then on)",
    description:
      'Needs a verified address (403 EMAIL_NOT_VERIFIED). The new address is mailed a link; the change is made ' +
      'when it is opened.',
    body: z.object({ newEmail: z.string().max(emailMaxLength), callbackURL: z.string().optional() }).loose(),
    response: status,
    isSignedIn: true,
  },
  {
    method: 'POST',
    url: '/auth/send-verification-email',
    summary: 'Mail a new link that confirms the e-mail address (limited per IP and per address)',
    description:
      'Sign-up mails one already; `GET /api/user` says `emailVerified`. The link leads to `callbackURL` (a path ' +
      'of the portal) once the address is confirmed.',
    body: z.object({ email: z.string().max(emailMaxLength), callbackURL: z.string().optional() }).loose(),
    response: status,
  },
  {
    method: 'POST',
    url: '/auth/delete-user',
    summary: "Delete the signed-in user's account, confirmed with its password",
    body: z.object({ password: z.string() }).loose(),
    response: z.object({ success: z.boolean(), message: z.string().optional() }).loose(),
    isSignedIn: true,
  },
];
