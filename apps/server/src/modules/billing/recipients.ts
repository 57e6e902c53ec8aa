import { type Database, schema } from '@fixpoint/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

/** Someone a billing e-mail goes to, with the key that makes it go to them once and the language they read. */
export interface BillingRecipient {
  /** Stable per person: the user's id, or the address itself for a billing e-mail no user has. */
  key: string;
  email: string;
  language: string | null;
}

type OwnerColumns = { ownerUserId: string | null; ownerOrgId: string | null };

/** Where an owner acts in the portal: the person's pages, or the organisation's under /org/<id>. */
export const ownerPagePath = (owner: OwnerColumns, path: string) =>
  owner.ownerOrgId ? `/org/${owner.ownerOrgId}${path}` : path;

/** An organisation's owners and admins (the people who pay and manage), first the earliest to join. */
export async function orgManagers(db: Database, orgId: string): Promise<BillingRecipient[]> {
  const m = schema.organizationMembers;
  const rows = await db
    .select({ id: schema.users.id, email: schema.users.email, language: schema.users.language })
    .from(m)
    .innerJoin(schema.users, eq(schema.users.id, m.userId))
    .where(and(eq(m.orgId, orgId), inArray(m.role, ['owner', 'admin'])))
    .orderBy(asc(m.createdAt));
  return rows.map((row) => ({ key: row.id, email: row.email, language: row.language }));
}

/**
 * Who hears about an owner's billing (docs/decisions/0073): a person themselves; an organisation's owners and
 * admins, each once. `billingEmail` (the billing e-mail in the owner's billing details) replaces them when given; it
 * is read in the language of the person, or of the organisation's first owner.
 */
export async function billingRecipients(
  db: Database,
  owner: OwnerColumns,
  billingEmail?: string | null,
): Promise<BillingRecipient[]> {
  let people: BillingRecipient[] = [];
  if (owner.ownerUserId) {
    const [user] = await db
      .select({ id: schema.users.id, email: schema.users.email, language: schema.users.language })
      .from(schema.users)
      .where(eq(schema.users.id, owner.ownerUserId));
    people = user ? [{ key: user.id, email: user.email, language: user.language }] : [];
  } else if (owner.ownerOrgId) {
    people = await orgManagers(db, owner.ownerOrgId);
  }
  if (!billingEmail) return people;
  const person = people.find((p) => p.email.toLowerCase() === billingEmail.toLowerCase()) ?? people[0];
  return [{ key: person?.key ?? billingEmail, email: billingEmail, language: person?.language ?? null }];
}
