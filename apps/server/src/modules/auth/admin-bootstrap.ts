import { randomBytes } from 'node:crypto';
import { type Database, schema } from '@fixpoint/db';
import { and, eq } from 'drizzle-orm';
import type { Auth } from './auth';

/** Where the admin was named: start-up's variables or `npm run admin:create`'s options (for the refusal's words). */
export type AdminSource = 'env' | 'cli';

/**
 * The named address belongs to an account whose owner has not proven they are the one naming it: not verified, or
 * the given password is not its password. Start-up stops and the command exits non-zero with this message.
 */
export class AdminBootstrapError extends Error {
  constructor(
    readonly email: string,
    readonly reason: 'unverified' | 'wrongPassword' | 'noPassword',
    source: AdminSource,
  ) {
    const [emailName, passwordName] = source === 'env' ? ['ADMIN_EMAIL', 'ADMIN_PASSWORD'] : ['--email', '--password'];
    const why = {
      unverified: 'its e-mail address has not been verified',
      wrongPassword: `${passwordName} is not its password`,
      noPassword: 'it signs in with Google and has no password here',
    }[reason];
    const fix =
      reason === 'noPassword'
        ? `Pick another ${emailName}, or have an admin make this account an admin in Admin → Users.`
        : `Prove the address: reset that account's password with "Forgot password?" on the log-in page (the reset mail verifies it) or open its verification link, then set ${passwordName} to that account's password. Or pick another ${emailName}.`;
    super(`${emailName} ${email} already has an account, and ${why}: it was not made an admin. ${fix}`);
    this.name = 'AdminBootstrapError';
  }
}

/**
 * Makes sure an admin exists: the one named by ADMIN_EMAIL and ADMIN_PASSWORD, or, when none is named and the
 * database has no admin at all, a new admin@… account whose one-time password is returned for printing.
 * A named address with an account is promoted only when its owner has proven control of it: the address is verified
 * and the named password is the account's (docs/decisions/0061). Anyone may sign up with any address, so without
 * this a stranger who signed up with the operator's address first would be made admin, keeping their own password.
 * An account that already is an admin is left as it is (its password may have changed since).
 */
export async function ensureAdmin(
  { auth, db }: { auth: Auth; db: Database },
  named?: { email: string; password: string; name?: string },
  source: AdminSource = 'env',
): Promise<{ email: string; created: boolean; generatedPassword?: string }> {
  if (!named) {
    const [existing] = await db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.role, 'admin'))
      .limit(1);
    if (existing) return { email: existing.email, created: false };
  }
  const email = (named?.email ?? 'admin@fixpoint.local').toLowerCase();
  const generatedPassword = named ? undefined : randomBytes(12).toString('base64url');
  const password = named?.password ?? (generatedPassword as string);

  const u = schema.users;
  const [user] = await db
    .select({ id: u.id, role: u.role, emailVerified: u.emailVerified })
    .from(u)
    .where(eq(u.email, email));
  if (user) {
    if (user.role === 'admin') return { email, created: false };
    if (!user.emailVerified) throw new AdminBootstrapError(email, 'unverified', source);
    const a = schema.authAccounts;
    const [credential] = await db
      .select({ hash: a.password })
      .from(a)
      .where(and(eq(a.userId, user.id), eq(a.providerId, 'credential')));
    if (!credential?.hash) throw new AdminBootstrapError(email, 'noPassword', source);
    const context = await auth.$context;
    if (!(await context.password.verify({ hash: credential.hash, password }))) {
      throw new AdminBootstrapError(email, 'wrongPassword', source);
    }
    await db.update(u).set({ role: 'admin', updatedAt: new Date() }).where(eq(u.id, user.id));
    return { email, created: false };
  }
  // Created verified, as sign-up would (its hooks run) but without sign-up's verification mail: the operator who
  // names the address is the one who will use it.
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser(
    { email, name: named?.name ?? 'Administrator', emailVerified: true },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await context.password.hash(password),
  });
  await db.update(u).set({ role: 'admin' }).where(eq(u.id, created.id));
  return { email, created: true, generatedPassword };
}
