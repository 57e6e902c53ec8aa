import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAccountEvents, simulatedEpochBytes } from '@fixpoint/caster';
import { createSecretBox, type DatabaseHandle, hashSecret, openDatabase, schema } from '@fixpoint/db';
import { buildGga, RtcmFramer } from '@fixpoint/rtcm';
import { and, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../apps/caster/src/testing/certificate';
import { type CasterProcess, children, fileSize, ntripRover, run, startCasterProcess, until } from './processes';
import { rtcmTestdata } from './shared-dir';

// Scale-out (decision 0023): two real caster processes (`apps/caster/src/main.ts`, as `npm run start:caster` runs
// it) on one PostgreSQL database, sharing streams and account changes through the local NATS server (Debian's
// nats-server; .ci/run starts it). A str2str base on process A; str2str, curl and curl-over-TLS rovers on process
// B get exactly the file's frames. An account disabled in the database and announced on NATS (what the server's
// accounts service does) loses its session on B within a second, although B polls accounts only every minute.

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const SERVER_URL =
  process.env.TEST_DATABASE_URL ?? process.env.INTEROP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET_KEY = randomBytes(32).toString('hex');
// RTKLIB neither percent-decodes nor allows ':' or '@' in the password of its URL-like paths: hex only.
const SOURCE_PASSWORD = randomBytes(6).toString('hex');
const MOUNT = 'CLU.STER_1'; // a '.' in the mountpoint: subjects must encode it
const secretBox = createSecretBox(SECRET_KEY);

let work: string;
let databaseName: string;
let databaseUrl: string;
let database: DatabaseHandle;
let networkId: string;
let a: CasterProcess;
let b: CasterProcess;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startCaster(instance: string, extraEnv: Record<string, string> = {}): Promise<CasterProcess> {
  return startCasterProcess({
    DATABASE_URL: databaseUrl,
    SECRET_KEY,
    LOG_LEVEL: 'info',
    NATS_URL,
    CASTER_HOST: '127.0.0.1',
    CASTER_PORT: '0',
    CASTER_INSTANCE: instance,
    CASTER_CATALOG_TTL_SECONDS: '0',
    // Only the NATS message can end a session within a second: the database poll is a minute apart.
    CASTER_ACCOUNT_POLL_SECONDS: '60',
    CASTER_SESSION_FLUSH_SECONDS: '1',
    // str2str sends the file as a burst; the production queue bound would drop rovers as slow clients.
    CASTER_MAX_QUEUE_BYTES: String(4 * 1024 * 1024),
    // A relayed mount without local rovers is let go after a second (another process then takes it over).
    CASTER_RELAY_IDLE_SECONDS: '1',
    CASTER_RELAY_BACKOFF_MIN_SECONDS: '0.5',
    ...extraEnv,
  });
}

async function account(options: { maxConnections?: number; networkIds?: string[] } = {}) {
  const userId = `user-${randomBytes(6).toString('hex')}`;
  await database.db.insert(schema.users).values({ id: userId, name: 'Cluster', email: `${userId}@example.test` });
  const username = `CLU${randomBytes(4).toString('hex')}`;
  const password = randomBytes(8).toString('hex');
  const [row] = await database.db
    .insert(schema.ntripAccounts)
    .values({
      username,
      passwordEnc: secretBox.encrypt(password),
      name: 'cluster',
      ownerOrgId: null,
      ownerUserId: userId,
      maxConnections: options.maxConnections ?? 5,
    })
    .returning();
  const accountId = row?.id ?? '';
  for (const windowNetworkId of options.networkIds ?? [networkId]) {
    await database.db.insert(schema.accessWindows).values({
      accountId,
      networkId: windowNetworkId,
      source: 'admin',
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });
  }
  return { username, password, accountId };
}

/** Live rover sessions of one caster instance, as written to the shared database. */
const openRovers = async (instance: string) =>
  (
    await database.db
      .select({ id: schema.casterSessions.id })
      .from(schema.casterSessions)
      .where(and(eq(schema.casterSessions.casterInstance, instance), isNull(schema.casterSessions.endedAt)))
  ).length;

/** A small upstream caster: counts its connections and sends one distinct epoch every 150 ms to each open one. */
async function countingUpstream() {
  const links: { socket: Socket; head: string; sent: Buffer[]; isClosed: boolean }[] = [];
  const server = createServer((socket) => {
    const link = { socket, head: '', sent: [] as Buffer[], isClosed: false };
    socket.on('error', () => undefined);
    socket.on('close', () => {
      link.isClosed = true;
    });
    socket.on('data', (chunk: Buffer) => {
      if (link.head.includes('\r\n\r\n')) return;
      link.head += chunk.toString('latin1');
      if (!link.head.includes('\r\n\r\n')) return;
      links.push(link);
      socket.write('ICY 200 OK\r\n\r\n');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const start = Date.UTC(2026, 0, 1, 12, 0, 0);
  let epoch = 0;
  const upstream = {
    links,
    port: (server.address() as AddressInfo).port,
    isSending: true,
    sentOn: (index: number) => Buffer.concat(links[index]?.sent ?? []),
    close() {
      clearInterval(ticker);
      for (const link of links) link.socket.destroy();
      server.close();
    },
  };
  const ticker = setInterval(() => {
    if (!upstream.isSending) return;
    const bytes = simulatedEpochBytes(
      { stationId: 2044, position: { latitude: 51, longitude: 4, height: 30 } },
      start + epoch++ * 1000,
    );
    for (const link of links) {
      if (link.isClosed) continue;
      link.sent.push(bytes);
      link.socket.write(bytes);
    }
  }, 150);
  return upstream;
}

/** A relay network on that upstream with one (non-GGA) station. */
/** The process's sourcetable, read as a v1 client does. */
function sourcetableOf(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
    socket.write('GET / HTTP/1.0\r\nUser-Agent: NTRIP cluster-test\r\n\r\n');
  });
}

let relayCount = 0;

/**
 * A relay network of one station pulling `UPSTREAM1` from the upstream on `port`. Its code and mountpoint are new on
 * every call (`CLURLY1`, `CLURLY_1`), so a retried test makes its own. Returns once A and B both list the mount:
 * each process reads new stations from the database within its catalog TTL (2 s), and a rover asking before that
 * would get the sourcetable.
 */
async function relayNetwork(name: string, port: number): Promise<{ id: string; mountpoint: string }> {
  relayCount += 1;
  const mountpoint = `${name}_${relayCount}`;
  const [network] = await database.db
    .insert(schema.networks)
    .values({
      code: `${name}${relayCount}`,
      name: `Cluster relay ${name}${relayCount}`,
      kind: 'relay',
      dailyPrice: 1,
      isPublished: true,
      upstreamHost: '127.0.0.1',
      upstreamPort: port,
      upstreamVersion: 1,
      upstreamUsername: `up${randomBytes(3).toString('hex')}`,
      upstreamPasswordEnc: secretBox.encrypt(randomBytes(8).toString('hex')),
    })
    .returning();
  await database.db.insert(schema.stations).values({
    networkId: network?.id ?? '',
    mountpoint,
    upstreamMountpoint: 'UPSTREAM1',
    latitude: 52.1,
    longitude: 5.1,
  });
  for (const caster of [a, b]) {
    await until(
      async () => (await sourcetableOf(caster.port)).includes(`STR;${mountpoint};`),
      10_000,
      `${mountpoint} listed on ${caster.port}`,
    );
  }
  return { id: network?.id ?? '', mountpoint };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fixpoint-cluster-'));
  databaseName = `fixpoint_cluster_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  database = await openDatabase({ url: databaseUrl });
  await database.migrate();
  const [network] = await database.db
    .insert(schema.networks)
    .values({ code: 'CLU', name: 'Cluster', kind: 'hosted', dailyPrice: 1, isPublished: true })
    .returning();
  networkId = network?.id ?? '';
  const sourcePasswordHash = await hashSecret(SOURCE_PASSWORD, { logN: 10 });
  await database.db.insert(schema.stations).values([
    { networkId, mountpoint: MOUNT, sourcePasswordHash },
    { networkId, mountpoint: 'CLU2', sourcePasswordHash, latitude: 52.0, longitude: 5.0 },
    { networkId, mountpoint: 'CLU3', sourcePasswordHash },
  ]);
  const { certPath, keyPath } = selfSignedCertificate(work);
  [a, b] = await Promise.all([
    startCaster('cluster-a'),
    startCaster('cluster-b', {
      CASTER_TLS_PORT: '0',
      CASTER_TLS_CERT: certPath,
      CASTER_TLS_KEY: keyPath,
    }),
  ]);
});

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await until(() => children.size === 0, 10_000).catch(() => {
    for (const child of children) child.kill('SIGKILL');
  });
  await database?.close();
  if (databaseName) await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

describe('two caster processes on one database and NATS', () => {
  it('streams a base on process A to str2str, curl and curl-over-TLS rovers on process B, byte for byte', async () => {
    const file = resolve(rtcmTestdata, 'testglo.rtcm3');
    const expected = Buffer.concat(new RtcmFramer().push(readFileSync(file)).map((frame) => frame.bytes));
    const rover = await account();
    const path = `${encodeURIComponent(MOUNT)}`;
    const v1Out = join(work, 'b-str2str.rtcm3');
    const v2Out = join(work, 'b-curl.rtcm3');
    const tlsOut = join(work, 'b-curl-tls.rtcm3');
    const rovers = [
      run('str2str', [
        '-in',
        `ntrip://${rover.username}:${rover.password}@127.0.0.1:${b.port}/${path}`,
        '-out',
        `file://${v1Out}`,
      ]),
      run('curl', [
        '-sN',
        '-H',
        'Ntrip-Version: Ntrip/2.0',
        '-u',
        `${rover.username}:${rover.password}`,
        `http://127.0.0.1:${b.port}/${path}`,
        '-o',
        v2Out,
      ]),
      run('curl', [
        '-sNk',
        '--http1.1',
        '-H',
        'Ntrip-Version: Ntrip/2.0',
        '-u',
        `${rover.username}:${rover.password}`,
        `https://127.0.0.1:${b.tlsPort}/${path}`,
        '-o',
        tlsOut,
      ]),
    ];
    await until(async () => (await openRovers('cluster-b')) === 3, 15_000, 'three rovers on B').catch((error) => {
      throw new Error(`${error.message}: ${rovers.map((r) => r.output()).join(' | ')}`);
    });

    // The base connects to A; the file is sent once B follows A's stream for this mount (logged after its
    // subscription reached NATS), paced like a real link (str2str drops its output on a 262 KB burst).
    const feeder = createServer((socket) => {
      void until(() => b.output().includes('"msg":"cluster: following"'), 15_000, 'B following A').then(async () => {
        const data = readFileSync(file);
        for (let offset = 0; offset < data.length && !socket.destroyed; offset += 4096) {
          socket.write(data.subarray(offset, offset + 4096));
          await new Promise((r) => setTimeout(r, 10));
        }
      });
    });
    await new Promise<void>((resolveListen) => feeder.listen(0, '127.0.0.1', resolveListen));
    const base = run('str2str', [
      '-in',
      `tcpcli://127.0.0.1:${(feeder.address() as AddressInfo).port}`,
      '-out',
      `ntrips://:${SOURCE_PASSWORD}@127.0.0.1:${a.port}/${path}`,
    ]);
    try {
      await until(
        () =>
          fileSize(v1Out) >= expected.length + 2 &&
          fileSize(v2Out) >= expected.length &&
          fileSize(tlsOut) >= expected.length,
        30_000,
        `${expected.length} B at every rover on B (have ${fileSize(v1Out)}, ${fileSize(v2Out)}, ${fileSize(tlsOut)})`,
      ).catch((error) => {
        throw new Error(`${error.message}; base said ${base.output()}; A said ${a.output().slice(-2000)}`);
      });
      await new Promise((r) => setTimeout(r, 300));
      // RTKLIB keeps the head's closing blank line as data (see caster-peers.test.ts); curl de-chunks v2, over TLS
      // too: past those two bytes all three hold exactly the file's frames.
      const fromStr2str = readFileSync(v1Out);
      expect(fromStr2str.subarray(0, 2).toString('latin1')).toBe('\r\n');
      expect(fromStr2str.subarray(2).equals(expected), 'str2str rover on B').toBe(true);
      expect(readFileSync(v2Out).equals(expected), 'curl rover on B').toBe(true);
      expect(readFileSync(tlsOut).equals(expected), 'curl TLS rover on B').toBe(true);
    } finally {
      base.stop();
      feeder.close();
      for (const r of rovers) r.stop();
    }
  });

  it('ends a session on process B within a second of the account being disabled and announced', async () => {
    const rover = await account();
    const curl = run('curl', [
      '-sN',
      '-H',
      'Ntrip-Version: Ntrip/2.0',
      '-u',
      `${rover.username}:${rover.password}`,
      `http://127.0.0.1:${b.port}/${encodeURIComponent(MOUNT)}`,
      '-o',
      '/dev/null',
    ]);
    await until(
      async () =>
        (
          await database.db
            .select({ id: schema.casterSessions.id })
            .from(schema.casterSessions)
            .where(eq(schema.casterSessions.accountId, rover.accountId))
        ).length === 1,
      15_000,
      'the rover session on B',
    );
    await new Promise((r) => setTimeout(r, 300));
    const events = await connectAccountEvents(NATS_URL, 'cluster-test');
    try {
      await database.db
        .update(schema.ntripAccounts)
        .set({ isDisabled: true, disabledReason: 'Revoked by the owner' })
        .where(eq(schema.ntripAccounts.id, rover.accountId));
      const startedAt = Date.now();
      events.accountsChanged([rover.accountId]);
      await Promise.race([curl.exited, new Promise((r) => setTimeout(r, 3_000))]);
      const elapsed = Date.now() - startedAt;
      expect(curl.child.exitCode, 'curl ended').not.toBeNull();
      expect(elapsed).toBeLessThan(1_000);
      const [session] = await until(async () => {
        const rows = await database.db
          .select({ closeReason: schema.casterSessions.closeReason })
          .from(schema.casterSessions)
          .where(eq(schema.casterSessions.accountId, rover.accountId));
        return rows[0]?.closeReason ? rows : undefined;
      }, 5_000);
      expect(session?.closeReason).toBe('account-disabled');
    } finally {
      curl.stop();
      await events.close();
    }
  });

  it('puts an AUTO rover on process B on the nearest base, which is connected to process A', async () => {
    const rover = await account();
    const received: Buffer[] = [];
    const client = connect({ host: '127.0.0.1', port: b.port });
    client.on('data', (chunk: Buffer) => received.push(chunk));
    client.write(
      `GET /CLU_AUTO HTTP/1.0\r\nUser-Agent: NTRIP cluster-test\r\nAuthorization: Basic ${Buffer.from(
        `${rover.username}:${rover.password}`,
      ).toString('base64')}\r\n\r\n${buildGga({ latitude: 52.0, longitude: 5.01, altitude: 10 })}\r\n`,
    );
    await until(() => Buffer.concat(received).toString('latin1').startsWith('ICY 200 OK\r\n\r\n'), 10_000, 'ICY');
    const base: Socket = connect({ host: '127.0.0.1', port: a.port });
    const baseReply: Buffer[] = [];
    base.on('data', (chunk: Buffer) => baseReply.push(chunk));
    base.write(`SOURCE ${SOURCE_PASSWORD} /CLU2\r\nSource-Agent: NTRIP cluster-test\r\n\r\n`);
    try {
      await until(() => Buffer.concat(baseReply).toString('latin1').startsWith('ICY 200 OK'), 10_000, 'base accepted');
      // B learns of CLU2 from A's presence, finds it nearest to the waiting rover and follows A's stream.
      await until(
        () => b.output().includes('"mountpoint":"CLU2","origin":"cluster-a","msg":"cluster: following"'),
        10_000,
        'B following CLU2',
      );
      const start = Date.UTC(2026, 0, 1, 12, 0, 0);
      const epochs = [0, 1, 2].map((i) =>
        simulatedEpochBytes(
          { stationId: 2042, position: { latitude: 52, longitude: 5, height: 40 } },
          start + i * 1000,
        ),
      );
      for (const epoch of epochs) {
        base.write(epoch);
        await new Promise((r) => setTimeout(r, 100));
      }
      const expected = Buffer.concat(epochs);
      const head = Buffer.byteLength('ICY 200 OK\r\n\r\n');
      await until(() => Buffer.concat(received).length >= head + expected.length, 10_000, 'frames at the AUTO rover');
      await new Promise((r) => setTimeout(r, 200));
      expect(Buffer.concat(received).subarray(head).equals(expected)).toBe(true);

      // One source per mount across the cluster: a second base for CLU2 on B is refused while A's is live.
      const second = connect({ host: '127.0.0.1', port: b.port });
      const secondReply: Buffer[] = [];
      second.on('data', (chunk: Buffer) => secondReply.push(chunk));
      second.write(`SOURCE ${SOURCE_PASSWORD} /CLU2\r\nSource-Agent: NTRIP cluster-test\r\n\r\n`);
      base.write(epochs[0] as Buffer);
      await until(() => secondReply.length > 0, 10_000, 'reply to the second base');
      second.destroy();
      expect(Buffer.concat(secondReply).toString('latin1')).toContain('Mount Point Taken');
    } finally {
      base.destroy();
      client.destroy();
    }
  });

  it('pulls a relayed mount once for rovers on both processes, and B takes the upstream over when A lets go', async () => {
    const upstream = await countingUpstream();
    const { links } = upstream;
    const relay = await relayNetwork('CLURLY', upstream.port);
    const user = await account({ networkIds: [relay.id] });
    const openRover = (port: number) => ntripRover(port, relay.mountpoint, user);
    const { sentOn } = upstream;
    try {
      const onA = await openRover(a.port);
      await until(() => onA.data().length > 0, 10_000, 'data at the rover on A');
      const onB = await openRover(b.port);
      await until(
        () => b.output().includes(`"mountpoint":"${relay.mountpoint}","origin":"cluster-a"`),
        10_000,
        'B following A',
      );
      await until(() => onB.data().length > 0, 10_000, 'data at the rover on B');
      await new Promise((r) => setTimeout(r, 600));
      upstream.isSending = false;
      await new Promise((r) => setTimeout(r, 300));
      // One upstream connection for both processes; B's rover got the tail of what A's rover got, byte for byte.
      expect(links.length, 'upstream connections').toBe(1);
      const fromA = onA.data();
      const fromB = onB.data();
      expect(sentOn(0).subarray(0, fromA.length).equals(fromA), 'A = the upstream bytes').toBe(true);
      expect(fromB.length).toBeGreaterThan(0);
      expect(fromA.subarray(fromA.length - fromB.length).equals(fromB), 'B = the tail of A').toBe(true);

      // A's rover leaves: A lets the upstream go after the idle second, B pulls it itself and its rover stays.
      onA.socket.destroy();
      upstream.isSending = true;
      await until(() => links[0]?.isClosed, 10_000, 'A releasing the upstream');
      await until(() => links.length === 2, 10_000, 'B pulling the upstream').catch((error) => {
        throw new Error(`${error.message}; B said ${b.output().slice(-3000)}`);
      });
      const before = onB.data().length;
      await until(() => onB.data().length > before && sentOn(1).length > 0, 10_000, 'data through B');
      await new Promise((r) => setTimeout(r, 500));
      upstream.isSending = false;
      await new Promise((r) => setTimeout(r, 300));
      expect(onB.isClosed, 'the rover on B stayed connected').toBe(false);
      expect(b.output()).toContain(
        `"mountpoint":"${relay.mountpoint}","msg":"relay: no process pulls this mount, taking over"`,
      );
      const fromB2 = onB.data();
      const fromLink2 = sentOn(1);
      expect(fromB2.subarray(fromB2.length - fromLink2.length).equals(fromLink2), "B's own link's bytes").toBe(true);
      expect(links.filter((link) => !link.isClosed).length, 'one upstream connection at a time').toBe(1);
      onB.socket.destroy();
      await until(() => links[1]?.isClosed, 10_000, 'B releasing the upstream');
      expect(links.length).toBe(2);
    } finally {
      upstream.close();
    }
  });

  it('moves a relayed upstream to one follower within seconds when the process pulling it dies', async () => {
    const upstream = await countingUpstream();
    const relay = await relayNetwork('CLUDIE', upstream.port);
    const user = await account({ networkIds: [relay.id] });
    // D pulls (its rover came first); A and B follow it. When D dies, only A (the lower instance name) dials.
    const d = await startCaster('cluster-d');
    try {
      const onD = await ntripRover(d.port, relay.mountpoint, user);
      await until(() => onD.data().length > 0, 10_000, 'data at the rover on D');
      const onA = await ntripRover(a.port, relay.mountpoint, user);
      const onB = await ntripRover(b.port, relay.mountpoint, user);
      await until(() => onA.data().length > 0 && onB.data().length > 0, 10_000, 'data at the rovers on A and B');
      // A heartbeat later each follower has announced that it follows the mount.
      await new Promise((r) => setTimeout(r, 1_200));
      expect(upstream.links.length, 'one upstream connection').toBe(1);
      d.child.kill('SIGKILL');
      const killedAt = Date.now();
      const [beforeA, beforeB] = [onA.data().length, onB.data().length];
      await until(() => upstream.links.length === 2, 10_000, 'a follower pulling the upstream');
      const tookOverMs = Date.now() - killedAt;
      // Three missed heartbeats (1 s each) end D's presence; A then dials at once.
      expect(tookOverMs).toBeLessThan(6_000);
      await until(() => onB.data().length > beforeB, 10_000, 'data at the rover on B again');
      await new Promise((r) => setTimeout(r, 1_000));
      upstream.isSending = false;
      await new Promise((r) => setTimeout(r, 300));
      expect(upstream.links.length, 'exactly one new upstream connection').toBe(2);
      expect(a.output()).toContain(
        `"mountpoint":"${relay.mountpoint}","msg":"relay: no process pulls this mount, taking over"`,
      );
      expect(b.output()).not.toContain(`"mountpoint":"${relay.mountpoint}","msg":"relay: no process pulls this mount`);
      const fromLink = upstream.sentOn(1);
      const tailA = onA.data().subarray(beforeA);
      const tailB = onB.data().subarray(beforeB);
      expect(onA.isClosed || onB.isClosed, 'the rovers on A and B stayed connected').toBe(false);
      // (A frame of D's still in flight through NATS when D died may come first.)
      expect(tailA.subarray(tailA.length - fromLink.length).equals(fromLink), "A's rover got all of A's new link").toBe(
        true,
      );
      expect(tailB.length).toBeGreaterThan(0);
      expect(fromLink.subarray(fromLink.length - tailB.length).equals(tailB), "B's rover follows A's link").toBe(true);
      for (const r of [onA, onB, onD]) r.socket.destroy();
    } finally {
      d.child.kill('SIGKILL');
      upstream.close();
    }
  });

  it('converges on one upstream link when rovers on A and B ask for a relayed mount at the same moment', async () => {
    const upstream = await countingUpstream();
    const relay = await relayNetwork('CLUBOTH', upstream.port);
    const user = await account({ networkIds: [relay.id] });
    try {
      const [onA, onB] = await Promise.all([
        ntripRover(a.port, relay.mountpoint, user),
        ntripRover(b.port, relay.mountpoint, user),
      ]);
      await until(() => onA.data().length > 0 && onB.data().length > 0, 10_000, 'data at both rovers');
      // If both dialled before hearing of each other, B (the higher instance name) has given way by now.
      await until(() => upstream.links.filter((link) => !link.isClosed).length === 1, 5_000, 'one upstream link');
      await new Promise((r) => setTimeout(r, 1_200));
      const open = upstream.links.filter((link) => !link.isClosed);
      expect(open.length, 'one upstream link').toBe(1);
      const [beforeA, beforeB] = [onA.data().length, onB.data().length];
      await until(() => onA.data().length > beforeA && onB.data().length > beforeB, 5_000, 'both rovers fed');
      expect(onA.isClosed || onB.isClosed, 'both rovers connected').toBe(false);
      if (upstream.links.length > 1) {
        expect(b.output()).toContain(
          `"mountpoint":"${relay.mountpoint}","puller":"cluster-a","msg":"relay: another process`,
        );
        // B handing its link over to A is no outage: the station's history shows no disconnect.
        const events = await database.db
          .select({ kind: schema.stationEvents.kind, reason: schema.stationEvents.reason })
          .from(schema.stationEvents)
          .innerJoin(schema.stations, eq(schema.stations.id, schema.stationEvents.stationId))
          .where(eq(schema.stations.mountpoint, relay.mountpoint));
        expect(events.filter((event) => event.kind === 'disconnected')).toEqual([]);
      }
      onA.socket.destroy();
      onB.socket.destroy();
    } finally {
      upstream.close();
    }
  });

  it("counts an account's connection limit across processes: a login on B replaces the session on A", async () => {
    const user = await account({ maxConnections: 1 });
    const auth = Buffer.from(`${user.username}:${user.password}`).toString('base64');
    const login = async (port: number) => {
      const received: Buffer[] = [];
      const socket = connect({ host: '127.0.0.1', port });
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      let closedAt: number | undefined;
      socket.on('close', () => {
        closedAt = Date.now();
      });
      socket.write(`GET /CLU3 HTTP/1.0\r\nUser-Agent: NTRIP cluster-test\r\nAuthorization: Basic ${auth}\r\n\r\n`);
      await until(() => Buffer.concat(received).toString('latin1').startsWith('ICY 200 OK\r\n\r\n'), 10_000, 'ICY');
      return {
        socket,
        get closedAt() {
          return closedAt;
        },
      };
    };
    const sessionsOf = () =>
      database.db
        .select({
          instance: schema.casterSessions.casterInstance,
          endedAt: schema.casterSessions.endedAt,
          closeReason: schema.casterSessions.closeReason,
        })
        .from(schema.casterSessions)
        .where(eq(schema.casterSessions.accountId, user.accountId));
    const onA = await login(a.port);
    let onB: Awaited<ReturnType<typeof login>> | undefined;
    try {
      await until(async () => (await sessionsOf()).length === 1, 10_000, 'the session on A');
      const loggedInAt = Date.now();
      onB = await login(b.port);
      const closedAt = await until(() => onA.closedAt, 3_000, "A's session closing");
      expect(closedAt - loggedInAt, 'A closed within a second of the login on B').toBeLessThan(1_000);
      const rows = await until(async () => {
        const found = await sessionsOf();
        return found.some((row) => row.endedAt) ? found : undefined;
      }, 5_000);
      expect(rows.find((row) => row.instance === 'cluster-a')?.closeReason).toBe('replaced');
      await new Promise((r) => setTimeout(r, 500));
      expect(onB.closedAt, 'the newer session on B stays').toBeUndefined();
      expect((await sessionsOf()).find((row) => row.instance === 'cluster-b')?.endedAt).toBeNull();

      // Two more logins at once, one per process: both processes agree, and only the later one stays.
      const racing = await Promise.all([login(a.port), login(b.port)]);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(racing.filter((r) => r.closedAt === undefined).length, 'one session left of the two').toBe(1);
      expect(onB.closedAt, 'the older session on B was replaced').toBeDefined();
      for (const r of racing) r.socket.destroy();
    } finally {
      onA.socket.destroy();
      onB?.socket.destroy();
    }
  });

  it('serves any mount from any worker of one port (CASTER_WORKERS=2, node:cluster)', async () => {
    const c = await startCaster('cluster-c', { CASTER_WORKERS: '2' });
    await until(() => (c.output().match(/"msg":"caster listening"/g) ?? []).length === 2, 20_000, 'two workers');
    const rover = await account();
    const auth = Buffer.from(`${rover.username}:${rover.password}`).toString('base64');
    // Connections alternate between the workers: four rovers land on both.
    const rovers = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const received: Buffer[] = [];
        const socket = connect({ host: '127.0.0.1', port: c.port });
        socket.on('data', (chunk: Buffer) => received.push(chunk));
        socket.write(`GET /CLU3 HTTP/1.0\r\nUser-Agent: NTRIP cluster-test\r\nAuthorization: Basic ${auth}\r\n\r\n`);
        await until(() => Buffer.concat(received).toString('latin1').startsWith('ICY 200 OK\r\n\r\n'), 10_000, 'ICY');
        return { socket, received };
      }),
    );
    const base = connect({ host: '127.0.0.1', port: c.port });
    const baseReply: Buffer[] = [];
    base.on('data', (chunk: Buffer) => baseReply.push(chunk));
    base.write(`SOURCE ${SOURCE_PASSWORD} /CLU3\r\nSource-Agent: NTRIP cluster-test\r\n\r\n`);
    try {
      await until(() => Buffer.concat(baseReply).toString('latin1').startsWith('ICY 200 OK'), 10_000, 'base accepted');
      const workers = await database.db
        .selectDistinct({ instance: schema.casterSessions.casterInstance })
        .from(schema.casterSessions)
        .where(eq(schema.casterSessions.accountId, rover.accountId));
      expect(workers.map((row) => row.instance).sort()).toEqual(['cluster-c/1', 'cluster-c/2']);
      // The worker without the base follows the other one's stream.
      await until(() => c.output().includes('"mountpoint":"CLU3","origin":"cluster-c/'), 10_000, 'worker following');
      const start = Date.UTC(2026, 0, 1, 12, 0, 0);
      const epochs = [0, 1, 2].map((i) =>
        simulatedEpochBytes(
          { stationId: 2043, position: { latitude: 52, longitude: 6, height: 40 } },
          start + i * 1000,
        ),
      );
      for (const epoch of epochs) {
        base.write(epoch);
        await new Promise((r) => setTimeout(r, 100));
      }
      const expected = Buffer.concat(epochs);
      const head = Buffer.byteLength('ICY 200 OK\r\n\r\n');
      await until(
        () => rovers.every((r) => Buffer.concat(r.received).length >= head + expected.length),
        10_000,
        'frames at every rover',
      );
      for (const r of rovers) expect(Buffer.concat(r.received).subarray(head).equals(expected)).toBe(true);
    } finally {
      base.destroy();
      for (const r of rovers) r.socket.destroy();
    }
  });
});
