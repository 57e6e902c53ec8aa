import { randomBytes } from 'node:crypto';
import { type Database, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import type { Auth } from './auth';

/**
 * Makes sure an admin exists: the one named by ADMIN_EMAIL and ADMIN_PASSWORD (created, or promoted if the
 * address already has an account; its password is never overwritten), or, when none is named and the database has
 * no admin at all, a new admin@… account whose one-time password is returned for printing.
 */
export async function ensureAdmin(
  { auth, db }: { auth: Auth; db: Database },
  named?: { email: string; password: string; name?: string },
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

  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  if (user) {
    await db.update(schema.users).set({ role: 'admin', updatedAt: new Date() }).where(eq(schema.users.id, user.id));
    return { email, created: false };
  }
  await auth.api.signUpEmail({ body: { email, password, name: named?.name ?? 'Administrator' } });
  await db.update(schema.users).set({ role: 'admin', emailVerified: true }).where(eq(schema.users.email, email));
  return { email, created: true, generatedPassword };
}
