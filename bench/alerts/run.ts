// Alerts benchmark (issue 31, decision 0076): a base goes silent on a real caster, and 10,000 owners with access to
// its network must hear it. Measures, from the moment the base sent its last byte: the caster declaring the station
// down (its source dropped after CASTER_SOURCE_TIMEOUT_SECONDS), the alert event recorded, every owner's in-app
// notification row written (committed with the event's fan-out), the first e-mail and the last one (their sent_at).
// Usage: npm run bench:alerts -- [owners] [mailsPerSecond] [timeoutSeconds] [burstSeconds] [accessStartedToday]
//   (defaults 10000 owners, 500 mails a second, a 5 s source timeout, a 5 s mail burst window, 0)
//   accessStartedToday=1: every account's access began a minute ago and ends tomorrow, so the alerts sweep records
//   an access-started and an access-ending event per owner (20,000) and billing mails 10,000 reminders while the
//   base goes silent: the outage must still go first.
// One process: the app (its alerts worker, mail to DATA_DIR/outbox) and the caster on one database, in-memory
// PGlite, or PostgreSQL with TEST_DATABASE_URL, as `npm start` runs them. The run is bounded: it gives up (exit 1,
// printing what it reached and what was still pending) once the mails are well behind what their rate allows.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCaster, silentLogger, simulatedEpochBytes } from '@fixpoint/caster';
import { createSecretBox, generateSecretKey, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { and, count, eq, isNotNull, isNull, max, min } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { seedHostedNetwork } from '../seed';

const [owners = 10_000, mailsPerSecond = 500, timeoutSeconds = 5, burstSeconds = 5, accessStartedToday = 0] =
  process.argv.slice(2).map(Number);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY_MS = 86_400_000;
const HOLD_MS = 1_000;

const database = await createTestDatabase();
const db = database.db;
const dataDir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-alerts-'));
const secretKey = generateSecretKey();
const secretBox = createSecretBox(secretKey);
const networkId = await seedHostedNetwork(db, { code: 'ALERT', mountpoint: 'ALERT1', sourcePassword: 'benchpw' });

// 10,000 people, each with one NTRIP account with access to the network. By default the access began two days ago
// and ends in 90: the alerts worker's sweep finds no access starting or ending (and billing's reminders nothing to
// mail), so the outage is the only thing told and the only mail sent, as on a day an established network loses a
// base. With accessStartedToday, everything else is going on too.
const seedStarted = performance.now();
const CHUNK = 1_000;
const passwordEnc = secretBox.encrypt('roverpw');
for (let start = 0; start < owners; start += CHUNK) {
  const ids = Array.from({ length: Math.min(CHUNK, owners - start) }, (_, i) => `bench-owner-${start + i}`);
  await db.insert(schema.users).values(ids.map((id) => ({ id, name: id, email: `${id}@example.test` })));
  const accounts = await db
    .insert(schema.ntripAccounts)
    .values(
      ids.map((id) => ({ username: `B${randomUUID().slice(0, 12)}`, passwordEnc, name: 'rover', ownerUserId: id })),
    )
    .returning({ id: schema.ntripAccounts.id });
  await db.insert(schema.accessWindows).values(
    accounts.map((account) => ({
      accountId: account.id,
      networkId,
      source: 'admin' as const,
      startsAt: new Date(Date.now() - (accessStartedToday ? 60_000 : 2 * DAY_MS)),
      endsAt: new Date(Date.now() + (accessStartedToday ? DAY_MS : 90 * DAY_MS)),
    })),
  );
}
console.log(`seeded ${owners} owners in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  ALERT_MAILS_PER_SECOND: String(mailsPerSecond),
  ALERT_MAIL_BURST_SECONDS: String(burstSeconds),
});
const app = await buildApp({ env, database, secretKey });
await app.ready();
const caster = createCaster({
  db,
  secretBox,
  logger: silentLogger,
  // The hold (CASTER_ALERT_HOLD_SECONDS, 120 s) keeps a station's state for that long after any change, its first up
  // included: a second here, waited out below, so the base stands for one that has been up a long time.
  options: {
    host: '127.0.0.1',
    port: 0,
    instance: 'bench-alerts',
    sourceTimeoutMs: timeoutSeconds * 1000,
    alertHoldMs: HOLD_MS,
  },
});
const { port } = await caster.start();

// The base: SOURCE login, a second of RTCM every second.
const base = connect({ host: '127.0.0.1', port });
base.on('error', () => {});
base.write('SOURCE benchpw /ALERT1\r\nSource-Agent: NTRIP bench\r\n\r\n');
let lastSentAt = 0;
const sendTimer = setInterval(() => {
  lastSentAt = Date.now();
  base.write(simulatedEpochBytes({ stationId: 1, position: { latitude: 52, longitude: 5, height: 0 } }, lastSentAt));
}, 1000);

let isStopped = false;
async function stop() {
  if (isStopped) return;
  isStopped = true;
  clearInterval(sendTimer);
  base.destroy();
  await caster.stop();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const a = schema.stationAlertStates;
const upBy = Date.now() + 30_000;
for (;;) {
  const [row] = await db.select({ state: a.state }).from(a);
  if (row?.state === 'up') break;
  if (Date.now() > upBy) throw new Error('the base was not declared up within 30 s');
  await sleep(200);
}
await sleep(HOLD_MS + 500);

// Silence: the clock starts at the last byte. Every time below is a timestamp the product wrote (this machine's clock,
// the same for the database), not when this loop saw it.
clearInterval(sendTimer);
const silentAt = lastSentAt;
const at: Record<string, number> = {};
const e = schema.alertEvents;
const q = schema.notificationMails;
const printed = new Set<string>();
// Bounded: the timeout, the burst window and three times what the mail rate needs, plus a minute for the rest.
const deadline = silentAt + (timeoutSeconds + burstSeconds + (3 * owners) / mailsPerSecond + 60) * 1000;
let eventId: string | undefined;
let mailsSent = 0;
// Should a database call never return, the run still ends, with what it had reached.
setTimeout(
  () => {
    console.error(`gave up: no answer by the deadline; reached ${JSON.stringify(at)}, ${mailsSent} mails`);
    process.exit(1);
  },
  deadline - Date.now() + 30_000,
).unref();
while (at.lastMail === undefined && Date.now() < deadline) {
  if (at.declared === undefined) {
    // The caster drops the source after the timeout and records it (station_events, stamped as it is written).
    const [dropped] = await db
      .select({ at: schema.stationEvents.at })
      .from(schema.stationEvents)
      .where(eq(schema.stationEvents.kind, 'disconnected'));
    if (dropped) at.declared = dropped.at.getTime() - silentAt;
  }
  if (at.rows === undefined) {
    // The notification rows are written in the fan-out's transaction, which sets fanned_out_at as it commits.
    const [event] = await db
      .select({ id: e.id, createdAt: e.createdAt, fannedOutAt: e.fannedOutAt })
      .from(e)
      .where(eq(e.kind, 'station-down'));
    if (event) {
      eventId = event.id;
      at.event = event.createdAt.getTime() - silentAt;
      if (event.fannedOutAt) at.rows = event.fannedOutAt.getTime() - silentAt;
    }
  } else if (eventId) {
    const [mails] = await db
      .select({ sent: count(q.sentAt), first: min(q.sentAt), last: max(q.sentAt) })
      .from(q)
      .where(eq(q.eventId, eventId));
    mailsSent = mails?.sent ?? 0;
    if (mails?.first) at.firstMail = mails.first.getTime() - silentAt;
    if (mailsSent >= owners && mails?.last) at.lastMail = mails.last.getTime() - silentAt;
  }
  for (const [name, ms] of Object.entries(at)) {
    if (!printed.has(name)) console.log(`${name}: ${(ms / 1000).toFixed(1)} s after the base went silent`);
    printed.add(name);
  }
  await sleep(at.rows === undefined ? 100 : 500);
}

const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
const [rows] = await db
  .select({ value: count() })
  .from(schema.notifications)
  .where(eq(schema.notifications.kind, 'station-down'));
const [pendingEvents] = await db.select({ value: count() }).from(e).where(isNull(e.fannedOutAt));
const [unsentMails] = await db
  .select({ value: count() })
  .from(q)
  .where(and(isNull(q.sentAt), isNotNull(q.eventId)));
let outboxFiles = 0;
try {
  outboxFiles = readdirSync(join(dataDir, 'outbox')).length;
} catch {}
const isDone = at.lastMail !== undefined;
console.log(
  JSON.stringify({
    database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    owners,
    timeoutSeconds,
    burstSeconds,
    mailsPerSecond,
    accessStartedToday: Boolean(accessStartedToday),
    msFromSilence: at,
    notificationRows: rows?.value ?? 0,
    mailsSent,
    outboxFiles,
    ...(!isDone && { pendingEvents: pendingEvents?.value ?? 0, unsentMails: unsentMails?.value ?? 0 }),
  }),
);
console.log(`base silent -> caster declares down: ${seconds(at.declared)}`);
console.log(`base silent -> alert event:          ${seconds(at.event)}`);
console.log(`base silent -> ${rows?.value ?? 0} notification rows: ${seconds(at.rows)}`);
console.log(`base silent -> first e-mail:         ${seconds(at.firstMail)}`);
console.log(`base silent -> all ${mailsSent} e-mails:  ${seconds(at.lastMail)}`);
if (at.firstMail !== undefined && at.lastMail !== undefined) {
  const spanS = (at.lastMail - at.firstMail) / 1000;
  console.log(`mail rate: ${spanS > 0 ? Math.round((mailsSent - 1) / spanS) : '-'} mails/s (cap ${mailsPerSecond})`);
}
await stop();
if (!isDone) {
  console.error('gave up: not every owner was mailed in time (see pendingEvents / unsentMails above)');
  process.exit(1);
}
process.exit(0);
