import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Caster, createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, type DatabaseHandle, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { RtcmFramer } from '@fixpoint/rtcm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, fileSize, run, until } from './processes';
import { rtcmTestdata } from './shared-dir';

// A relay network whose upstream is RTKLIB str2str in its own caster mode (`-out ntripc://`): our caster pulls
// the mount with the network's credentials only once a rover asks, and the rovers (str2str v1, curl v2) must
// receive exactly the file's valid frames, as from a hosted station.

const secretBox = createSecretBox(randomBytes(32).toString('hex'));
// RTKLIB allows neither ':' nor '@' in the password of its URL-like paths: hex only.
const upstreamUser = `up${randomBytes(3).toString('hex')}`;
const upstreamPassword = randomBytes(8).toString('hex');
const file = resolve(rtcmTestdata, 'testglo.rtcm3');

let database: DatabaseHandle;
let caster: Caster;
let port: number;
let work: string;
let upstreamPort: number;
let feeder: Server;
let feederPort: number;
const feederSockets = new Set<Socket>();
const rover = { username: `RLY${randomBytes(3).toString('hex')}`, password: randomBytes(8).toString('hex') };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const free = (probe.address() as AddressInfo).port;
  await new Promise<void>((done) => probe.close(() => done()));
  return free;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fixpoint-relay-'));
  database = await createTestDatabase();
  upstreamPort = await freePort();
  const networkIds: string[] = [];
  for (const [code, version] of [
    ['S2SONE', 1],
    ['S2STWO', 2],
  ] as const) {
    const [network] = await database.db
      .insert(schema.networks)
      .values({
        code,
        name: `str2str relay v${version}`,
        kind: 'relay',
        dailyPrice: 1,
        isPublished: true,
        upstreamHost: '127.0.0.1',
        upstreamPort,
        upstreamVersion: version,
        upstreamUsername: upstreamUser,
        upstreamPasswordEnc: secretBox.encrypt(upstreamPassword),
      })
      .returning();
    networkIds.push(network?.id ?? '');
    await database.db
      .insert(schema.stations)
      .values({ networkId: network?.id ?? '', mountpoint: `${code}_MP`, upstreamMountpoint: 'UPMNT' });
  }
  const userId = `user-${randomBytes(4).toString('hex')}`;
  await database.db.insert(schema.users).values({ id: userId, name: 'Relay', email: `${userId}@example.test` });
  const [account] = await database.db
    .insert(schema.ntripAccounts)
    .values({
      username: rover.username,
      passwordEnc: secretBox.encrypt(rover.password),
      name: 'relay interop',
      ownerUserId: userId,
      maxConnections: 5,
    })
    .returning();
  for (const networkId of networkIds) {
    await database.db.insert(schema.accessWindows).values({
      accountId: account?.id ?? '',
      networkId,
      source: 'admin',
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });
  }
  caster = createCaster({
    db: database.db,
    secretBox,
    logger: silentLogger,
    options: {
      host: '127.0.0.1',
      port: 0,
      catalogTtlMs: 0,
      instance: 'interop-relay',
      maxQueueBytes: 4 * 1024 * 1024,
      relayIdleMs: 500,
      relayBackoffMinMs: 200,
      relayBackoffMaxMs: 1_000,
    },
  });
  ({ port } = await caster.start());

  // str2str reads its input from this feeder, which sends the file only when told: str2str's caster drops what
  // arrives before a client is connected.
  feeder = createServer((socket) => feederSockets.add(socket));
  await new Promise<void>((done) => feeder.listen(0, '127.0.0.1', done));
  feederPort = (feeder.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const socket of feederSockets) socket.destroy();
  feeder?.close();
  await caster?.stop();
  await database?.close();
  rmSync(work, { recursive: true, force: true });
});

function framesOf(path: string): Buffer {
  return Buffer.concat(new RtcmFramer().push(readFileSync(path)).map((frame) => frame.bytes));
}

describe('relay of a str2str caster', () => {
  it('delivers the upstream file frame for frame to a str2str (v1) and a curl (v2) rover, on demand', async () => {
    const expected = framesOf(file);
    const upstream = run('str2str', [
      '-in',
      `tcpcli://127.0.0.1:${feederPort}`,
      '-out',
      `ntripc://${upstreamUser}:${upstreamPassword}@:${upstreamPort}/UPMNT:STR`,
    ]);
    const v1Out = join(work, 'relay-str2str.rtcm3');
    const v2Out = join(work, 'relay-curl.rtcm3');
    try {
      await until(() => feederSockets.size > 0, 15_000, 'str2str reading its input');
      expect(caster.sourceCount).toBe(0);
      const v1 = run('str2str', [
        '-in',
        `ntrip://${rover.username}:${rover.password}@127.0.0.1:${port}/S2SONE_MP`,
        '-out',
        `file://${v1Out}`,
      ]);
      const v2 = run('curl', [
        '-sN',
        '-H',
        'Ntrip-Version: Ntrip/2.0',
        '-H',
        'User-Agent: NTRIP curl',
        '-u',
        `${rover.username}:${rover.password}`,
        `http://127.0.0.1:${port}/S2STWO_MP`,
        '-o',
        v2Out,
      ]);
      try {
        // Both relayed mounts (a v1 and a v2 upstream request) are pulled now that rovers ask.
        await until(
          () => caster.roverCount === 2 && caster.sourceCount === 2,
          20_000,
          'rovers and upstream links',
        ).catch((error: Error) => {
          throw new Error(`${error.message}; str2str caster said ${upstream.output()}`);
        });
        // Paced (about 400 KB/s), as in caster-peers.test.ts.
        const data = readFileSync(file);
        const [socket] = feederSockets;
        for (let offset = 0; offset < data.length; offset += 4096) {
          socket?.write(data.subarray(offset, offset + 4096));
          await new Promise((r) => setTimeout(r, 10));
        }
        await until(
          () => fileSize(v1Out) >= expected.length + 2 && fileSize(v2Out) >= expected.length,
          30_000,
          `${expected.length} B at both rovers (have ${fileSize(v1Out)} and ${fileSize(v2Out)})`,
        );
        await new Promise((r) => setTimeout(r, 300));
        // RTKLIB keeps the blank line after `ICY 200 OK` as data (see caster-peers.test.ts).
        const fromStr2str = readFileSync(v1Out);
        expect(fromStr2str.subarray(0, 2).toString('latin1')).toBe('\r\n');
        expect(fromStr2str.subarray(2).equals(expected)).toBe(true);
        expect(readFileSync(v2Out).equals(expected)).toBe(true);
      } finally {
        v1.stop();
        v2.stop();
        await Promise.all([v1.exited, v2.exited]);
      }
      // The rovers are gone: after the idle period the relay lets go of the upstream.
      await until(() => caster.sourceCount === 0, 10_000, 'upstream released');
    } finally {
      upstream.stop();
      await upstream.exited;
    }
  });
});
