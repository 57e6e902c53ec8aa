import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type BackupHeader, type Database, schema } from '@fixpoint/db';
import { asc } from 'drizzle-orm';
import { insertCreditPack, signInAdmin, signUpUser } from './fixtures';
import type { TestApp } from './test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;

/**
 * A database with something to lose, made through the app's own routes: people, an admin's credit grants, a pack
 * bought through the local provider (a ledger entry and an invoice each) and an NTRIP account with its password.
 */
export async function seedBooks(t: TestApp) {
  const admin = await signInAdmin(t);
  const buyers: User[] = [await signUpUser(t, 'Backup Berta'), await signUpUser(t, 'Backup Bram')];
  const packId = await insertCreditPack(t.database.db, { name: '100 credits', amount: 2900, creditsAmount: 100 });
  for (const [index, buyer] of buyers.entries()) {
    const grant = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tokens?userId=${buyer.id}&tokenAmount=${25 * (index + 1)}&reason=welcome`,
      headers: admin.headers,
    });
    if (grant.statusCode !== 200) throw new Error(`grant failed: ${grant.body}`);
    for (let purchase = 0; purchase <= index; purchase++) await buyPack(t, buyer, packId);
  }
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/accounts',
    headers: buyers[0]?.headers,
    payload: { name: 'Tractor' },
  });
  if (created.statusCode !== 201) throw new Error(`account failed: ${created.body}`);
  const accountId = created.json().id as string;
  const credentials = await t.app.inject({
    method: 'GET',
    url: `/api/accounts/${accountId}/credentials`,
    headers: buyers[0]?.headers,
  });
  return { buyers, accountId, ntripPassword: credentials.json().password as string };
}

async function buyPack(t: TestApp, buyer: User, priceId: string) {
  const checkout = await t.app.inject({
    method: 'POST',
    url: `/api/checkout/product?priceId=${priceId}`,
    headers: buyer.headers,
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/${checkout.json().checkoutSessionId}`,
    headers: { ...buyer.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  if (paid.statusCode >= 400) throw new Error(`payment failed: ${paid.body}`);
}

/** What an auditor compares: who is there, each owner's ledger, and every invoice as issued. */
export async function readBooks(db: Database) {
  const users = await db
    .select({ id: schema.users.id, email: schema.users.email, name: schema.users.name, role: schema.users.role })
    .from(schema.users)
    .orderBy(asc(schema.users.email));
  const ledger = await db
    .select({
      owner: schema.creditLedger.ownerUserId,
      amount: schema.creditLedger.amount,
      balanceAfter: schema.creditLedger.balanceAfter,
      kind: schema.creditLedger.kind,
    })
    .from(schema.creditLedger)
    .orderBy(asc(schema.creditLedger.createdAt), asc(schema.creditLedger.id));
  const ledgerSums: Record<string, number> = {};
  for (const entry of ledger) ledgerSums[entry.owner ?? '-'] = (ledgerSums[entry.owner ?? '-'] ?? 0) + entry.amount;
  const invoices = await db
    .select({
      number: schema.invoices.number,
      owner: schema.invoices.ownerUserId,
      total: schema.invoices.total,
      currency: schema.invoices.currency,
      lines: schema.invoices.lines,
      buyer: schema.invoices.buyer,
      issuedAt: schema.invoices.issuedAt,
    })
    .from(schema.invoices)
    .orderBy(asc(schema.invoices.number));
  return { users, ledger, ledgerSums, invoices };
}

/**
 * Rewrites a backup file with another payload or header, the header's length and checksum made to fit the payload:
 * a file damaged before it was summed, or one whose header lies.
 */
export function rewriteBackup(
  out: string,
  from: string,
  change: { payload?: (payload: Buffer) => Buffer; header?: (header: BackupHeader) => BackupHeader },
) {
  const bytes = readFileSync(from);
  const formatEnd = bytes.indexOf(10) + 1;
  const headerEnd = bytes.indexOf(10, formatEnd);
  const payload = (change.payload ?? ((same) => same))(bytes.subarray(headerEnd + 1));
  const header = (change.header ?? ((same) => same))(JSON.parse(bytes.subarray(formatEnd, headerEnd).toString('utf8')));
  header.payload = {
    ...header.payload,
    bytes: payload.length,
    sha256: createHash('sha256').update(payload).digest('hex'),
  };
  writeFileSync(
    out,
    Buffer.concat([bytes.subarray(0, formatEnd), Buffer.from(`${JSON.stringify(header)}\n`), payload]),
  );
}
