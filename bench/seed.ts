// What every caster benchmark seeds: a hosted network with one station, and one rover account with access to it.
import { type Database, hashSecret, type SecretBox, schema } from '@fixpoint/db';
import { sql } from 'drizzle-orm';

/** A published hosted network with one station pushing with `sourcePassword`; returns the network's id. */
export async function seedHostedNetwork(
  db: Database,
  { code, mountpoint, sourcePassword }: { code: string; mountpoint: string; sourcePassword: string },
): Promise<string> {
  const [network] = await db
    .insert(schema.networks)
    .values({ code, name: `Bench ${code}`, kind: 'hosted', dailyPrice: 1, isPublished: true })
    .returning();
  if (!network) throw new Error('bench network insert returned nothing');
  await db
    .insert(schema.stations)
    .values({ networkId: network.id, mountpoint, sourcePasswordHash: await hashSecret(sourcePassword, { logN: 10 }) });
  return network.id;
}

/**
 * The rover account `username` / `password` with a day of access to the network. `unlimited` lifts the schema's
 * cap of 100 connections per account, so that one account holds every rover of a fan-out run.
 */
export async function seedBenchAccount(
  db: Database,
  secretBox: SecretBox,
  {
    networkId,
    username,
    password,
    unlimited,
  }: { networkId: string; username: string; password: string; unlimited: boolean },
): Promise<void> {
  await db
    .insert(schema.users)
    .values({ id: 'bench-user', name: 'Bench', email: 'bench@example.test' })
    .onConflictDoNothing();
  const [account] = await db
    .insert(schema.ntripAccounts)
    .values({
      username,
      passwordEnc: secretBox.encrypt(password),
      name: 'bench',
      ownerUserId: 'bench-user',
      maxConnections: 10,
    })
    .returning();
  if (!account) throw new Error('bench account insert returned nothing');
  await db.insert(schema.accessWindows).values({
    accountId: account.id,
    networkId,
    source: 'admin',
    startsAt: new Date(Date.now() - 60_000),
    endsAt: new Date(Date.now() + 86_400_000),
  });
  if (unlimited) {
    await db.execute(sql`alter table ntrip_accounts drop constraint if exists ntrip_accounts_max_connections`);
    await db.execute(sql`update ntrip_accounts set max_connections = 1000000`);
  }
}

/**
 * Runs `stop` once, when the benchmark runner sends SIGTERM or goes away (its pipe to our stdin closes), so a bench
 * process never lingers with its caster and database.
 */
export function stopWithRunner(stop: () => void): void {
  let isStopping = false;
  const once = () => {
    if (isStopping) return;
    isStopping = true;
    stop();
  };
  process.on('SIGTERM', once);
  process.stdin.on('end', once);
  process.stdin.resume();
}
