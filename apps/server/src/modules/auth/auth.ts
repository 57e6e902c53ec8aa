import { type Database, schema } from '@fixpoint/db';
import { type Language, type PasswordPolicy, pickLanguage } from '@fixpoint/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { admin, bearer, genericOAuth, oauthPopup } from 'better-auth/plugins';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recipientLanguage, textsIn } from '../../i18n/i18n';
import { isTrustedLinkOrigin } from '../../lib/mail-links';
import type { Mailer } from '../mail/mailer';
import { currentDocuments } from '../settings/documents';

export interface AuthOptions {
  db: Database;
  secret: string;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  passwordPolicy: PasswordPolicy;
  /** The portal's public address; when unset, better-auth takes it from each request. */
  publicUrl?: string;
  trustedOrigins: string[];
  trustProxy: boolean;
  /** Google sign-in, as an OpenID Connect provider found through its discovery document. */
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** The brand's name and static language, for the e-mails (docs/decisions/0049). */
  brand?: { name: string; staticLanguage?: Language | undefined };
}

/** better-auth on our database: e-mail and password, sessions by cookie or bearer token, roles, password reset. */
export function createAuth({
  db,
  secret,
  mailer,
  logger,
  passwordPolicy,
  publicUrl,
  trustedOrigins,
  trustProxy,
  google,
  brand = { name: 'Fixpoint' },
}: AuthOptions) {
  /**
   * Mails a person a link of better-auth's (password reset, address verification) in their language. A link built
   * from a forged Host (no PUBLIC_URL) is not sent; failures are logged, not returned, so the answer never tells
   * whether the address has an account.
   */
  async function sendLinkMail(
    kind: 'passwordReset' | 'verifyEmail',
    user: { email: string; name: string },
    url: string,
    request: Request | undefined,
  ) {
    if (!isTrustedLinkOrigin(url, publicUrl, trustedOrigins)) {
      logger.warn(
        { origin: new URL(url).origin, kind },
        'no e-mail sent: the request came to an untrusted address (set PUBLIC_URL)',
      );
      return;
    }
    try {
      const t = textsIn(
        recipientLanguage({
          staticLanguage: brand.staticLanguage,
          stored: (user as { language?: string | null }).language,
          acceptLanguage: request?.headers.get('accept-language'),
        }),
      );
      const values = { brand: brand.name, name: user.name };
      await mailer.send({
        to: user.email,
        subject: t(`mail.${kind}.subject`, values),
        text: [
          t(`mail.${kind}.greeting`, values),
          t(`mail.${kind}.body`, values),
          url,
          `${t(`mail.${kind}.notYou`, values)}\n`,
        ].join('\n\n'),
      });
    } catch (error) {
      logger.error({ err: error, kind }, 'link mail failed');
    }
  }

  return betterAuth({
    appName: 'Fixpoint',
    basePath: '/api/auth',
    baseURL: publicUrl,
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.authAccounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordPolicy.minLength,
      maxPasswordLength: passwordPolicy.maxLength,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Using one reset link voids every other one still open for that user (an older e-mail, a second request).
      // It also proves the address, as the verification link would: it was mailed there. So whoever signed up
      // with someone else's address loses it to its owner, password and sessions (docs/decisions/0061).
      async onPasswordReset({ user }) {
        const v = schema.verifications;
        await db.delete(v).where(and(eq(v.value, user.id), like(v.identifier, 'reset-password:%')));
        if (!user.emailVerified) {
          await db
            .update(schema.users)
            .set({ emailVerified: true, updatedAt: new Date() })
            .where(eq(schema.users.id, user.id));
        }
      },
      async sendResetPassword({ user, url }, request) {
        await sendLinkMail('passwordReset', user, url, request);
      },
    },
    // Sign-up mails a link that proves the address (docs/decisions/0061); until it is opened the person may sign in
    // and look around, but not accept an invitation, become admin or change the address (guards in the routes).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60,
      async sendVerificationEmail({ user, url }, request) {
        await sendLinkMail('verifyEmail', user, url, request);
      },
    },
    user: {
      additionalFields: {
        termsAcceptedAt: { type: 'date', required: false, input: false },
        termsVersion: { type: 'number', required: false, input: false },
        privacyVersion: { type: 'number', required: false, input: false },
        // Set from Accept-Language at sign-up and by PUT /api/user/language; read by the e-mails.
        language: { type: 'string', required: false, input: false },
      },
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // The person's invoices and ledger stay (docs/decisions/0063); a Stripe subscription still renewing would
        // go on charging someone whose account is gone, so it is ended (or set to end) first.
        beforeDelete: async (user) => {
          const s = schema.subscriptions;
          const [billing] = await db
            .select({ id: s.id })
            .from(s)
            .where(
              and(eq(s.ownerUserId, user.id), eq(s.provider, 'stripe'), inArray(s.status, ['active', 'past_due'])),
            );
          if (billing) throw subscriptionsRunning();
        },
      },
    },
    account: {
      // Continue with Google signs into the existing account of the same address (docs/decisions/0061) only when
      // the provider says it verified the address (no provider is trusted by name: GOOGLE_DISCOVERY_URL may name
      // any) and the existing account's address is verified too (better-auth's requireLocalEmailVerified). An
      // unproven account is not linked: a stranger's password must not ride along; its owner resets the password
      // (which proves the address) or confirms it, then Google links.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up is refused before this point unless the terms were ticked (auth.routes.ts); the versions
          // published now are the ones accepted.
          before: async (user, context) => {
            const { terms, privacy } = await currentDocuments(db);
            return {
              data: {
                ...user,
                termsAcceptedAt: new Date(),
                termsVersion: terms?.version ?? null,
                privacyVersion: privacy?.version ?? null,
                language: signUpLanguage(context),
              },
            };
          },
        },
      },
    },
    plugins: [
      bearer(),
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        // A disabled user's sign-in is refused with this (403 BANNED_USER), in their language; the sign-in form
        // shows it as it is.
        bannedUserMessage: (user) => {
          const t = textsIn(
            recipientLanguage({
              staticLanguage: brand.staticLanguage,
              stored: (user as { language?: string | null }).language,
            }),
          );
          return t('auth.disabled');
        },
      }),
      ...(google
        ? [
            genericOAuth({
              config: [{ providerId: 'google', ...google, scopes: ['openid', 'email', 'profile'], pkce: true }],
            }),
            // Sign-in in a 500x600 popup that hands the session back to the opener (spec: popup sign-in).
            oauthPopup(),
          ]
        : []),
    ],
    // better-auth's own messages go to our logger, where an error's text is bounded and its query parameters left
    // out (config/logger.ts): on the console, one failed insert of a long address wrote megabytes (issue 28).
    logger: {
      level: 'warn',
      log(level, message, ...args) {
        // Without PUBLIC_URL better-auth takes its address from each request, as meant for a local `npm start`: the
        // links it mails are checked against this machine (lib/mail-links.ts, decision 0062) and app.ts says in our
        // words to set PUBLIC_URL. Its own warning naming BETTER_AUTH_URL, a variable we do not read, would mislead.
        if (!publicUrl && message.includes('Base URL is not set')) return;
        const error = args.find((arg) => arg instanceof Error);
        logger[level]({ ...(error && { err: error }) }, `better-auth: ${message}`);
      },
    },
    // Our own limiter (per IP and per e-mail, in the database) guards sign-in and reset: see auth.routes.ts.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'fixpoint',
      useSecureCookies: publicUrl?.startsWith('https://') ?? false,
      ipAddress: { ipAddressHeaders: trustProxy ? ['x-forwarded-for'] : [] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** 409 ACCOUNT_SUBSCRIPTIONS_RUNNING: deleting the account would leave a subscription billing. */
function subscriptionsRunning() {
  return new APIError('CONFLICT', {
    code: 'ACCOUNT_SUBSCRIPTIONS_RUNNING',
    message: 'Cancel your subscriptions first: deleting your account would leave them billing.',
  });
}

// The rule for every link in an e-mail lives with the others' (lib/mail-links.ts, docs/decisions/0062).
export { isTrustedLinkOrigin };

/**
 * The language a new account starts with: the one its sign-up request asked for (the browser's Accept-Language),
 * null when none of ours; the settings' language switcher changes it later (docs/decisions/0049).
 */
function signUpLanguage(
  context: { request?: Request; headers?: ConstructorParameters<typeof Headers>[0] } | null,
): Language | null {
  const headers = context?.request?.headers ?? (context?.headers ? new Headers(context.headers) : undefined);
  return pickLanguage(headers?.get('accept-language')) ?? null;
}
