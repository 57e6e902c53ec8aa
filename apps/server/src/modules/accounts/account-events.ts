import { ownerOfRow, type schema, type Transaction } from '@fixpoint/db';

/**
 * What happened to an NTRIP account, for whoever listens (webhooks; decision 0078). Accounts declares the hook and
 * app.ts hands the listener in, so accounts imports no listener (decision 0068). The hook runs inside the change's
 * transaction: the event is recorded exactly when the change is.
 */
export type AccountEventType = 'account.created' | 'account.updated' | 'account.deleted';

export interface AccountEvent {
  type: AccountEventType;
  owner: { userId: string } | { orgId: string };
  /** What the account is after the change (before it, for a deletion); never its password. */
  account: {
    id: string;
    name: string;
    username: string;
    maxConnections: number;
    isDisabled: boolean;
    disabledReason: string | null;
    createdAt: string;
  };
}

export type AccountEventHook = (tx: Transaction, event: AccountEvent) => Promise<void>;

type AccountRow = typeof schema.ntripAccounts.$inferSelect;

/** Reports each row as an event of `type` through `hook` (nothing without one). */
export async function reportAccounts(
  hook: AccountEventHook | undefined,
  tx: Transaction,
  type: AccountEventType,
  rows: AccountRow[],
) {
  if (!hook) return;
  for (const row of rows) {
    await hook(tx, {
      type,
      owner: ownerOfRow(row),
      account: {
        id: row.id,
        name: row.name,
        username: row.username,
        maxConnections: row.maxConnections,
        isDisabled: row.isDisabled,
        disabledReason: row.disabledReason,
        createdAt: row.createdAt.toISOString(),
      },
    });
  }
}
