import { type Database, schema, type Transaction } from '@fixpoint/db';
import type { AccountSettings } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';

export const defaultAccountSettings: AccountSettings = {
  defaultMaxConnections: 1,
  maxAccountsPerOwner: 500,
  reminderDays: 3,
  organizationAccess: 'approval',
};

/** The operator's account-management settings (docs/decisions/0039), with the defaults until they are saved. */
export async function readAccountSettings(db: Database | Transaction): Promise<AccountSettings> {
  const [row] = await db.select().from(schema.accountSettings).where(eq(schema.accountSettings.id, 1));
  if (!row) return defaultAccountSettings;
  const { defaultMaxConnections, maxAccountsPerOwner, reminderDays, organizationAccess } = row;
  return { defaultMaxConnections, maxAccountsPerOwner, reminderDays, organizationAccess };
}

export async function saveAccountSettings(db: Database | Transaction, settings: AccountSettings) {
  await db
    .insert(schema.accountSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: schema.accountSettings.id, set: { ...settings, updatedAt: new Date() } });
}
