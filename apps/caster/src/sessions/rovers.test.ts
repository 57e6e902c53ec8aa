import type { DatabaseHandle } from '@fixpoint/db';
import { schema } from '@fixpoint/db';
import { buildGga } from '@fixpoint/rtcm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import { ChunkedDecoder } from '../protocol/chunked';
import {
  connectSourceV1,
  eventually,
  grantAccess,
  openDatabase,
  rtcmSeconds,
  type SeedAccount,
  secretBox,
  seedAccount,
  seedNetwork,
  seedStation,
  sleep,
  startCaster,
  TestClient,
  v1RoverHead,
  v2RoverHead,
} from '../testing/harness';

let database: DatabaseHandle;
let caster: Caster;
let networkId: string;
let otherNetworkId: string;
let stationId: string;
let port: number;

beforeAll(async () => {
  database = await openDatabase();
  ({ networkId } = await seedNetwork(database, { code: 'NLR' }));
  ({ networkId: otherNetworkId } = await seedNetwork(database, { code: 'OTHER' }));
  stationId = await seedStation(database, { networkId, mountpoint: 'DELFT00', latitude: 52.0, longitude: 4.36 });
  caster = await startCaster(database);
  port = caster.port;
});

afterAll(async () => {
  await caster?.stop();
  await database?.close();
});

async function account(values: Parameters<typeof seedAccount>[1] = {}, access = true): Promise<SeedAccount> {
  const seeded = await seedAccount(database, values);
  if (access) await grantAccess(database, seeded.accountId, networkId);
  return seeded;
}

async function sessionsOf(accountId: string) {
  return database.db.select().from(schema.casterSessions).where(eq(schema.casterSessions.accountId, accountId));
}

async function failuresOf(username: string) {
  return database.db.select().from(schema.loginFailures).where(eq(schema.loginFailures.username, username));
}

function dechunk(body: Buffer): Buffer {
  const decoder = new ChunkedDecoder();
  const data = Buffer.concat(decoder.push(body));
  expect(decoder.error).toBeUndefined();
  return data;
}

describe('rover streams', () => {
  it('v1: ICY 200 OK, then exactly the frames the base sent after the rover joined', async () => {
    const rover = await account();
    const source = await connectSourceV1(port, 'DELFT00');
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('ICY 200 OK\r\n\r\n');
    expect(client.text().startsWith('ICY 200 OK\r\n\r\n')).toBe(true);
    const seconds = rtcmSeconds(7, 5);
    for (const second of seconds) source.write(second);
    const expected = Buffer.concat(seconds);
    await client.waitFor((received) => received.length >= 14 + expected.length);
    expect(client.received.subarray(14)).toEqual(expected);
    client.close();
    source.close();
    const [session] = await eventually(async () => {
      const rows = await sessionsOf(rover.accountId);
      return rows[0]?.endedAt ? rows : undefined;
    });
    expect(session).toMatchObject({
      mountpoint: 'DELFT00',
      networkId,
      stationId,
      ntripVersion: 1,
      userAgent: 'NTRIP RTKLIB/2.4.3',
      bytesSent: expected.length,
      closeReason: 'client-closed',
      casterInstance: 'test-caster',
      clientAddress: expect.stringContaining('127.0.0.1'),
    });
  });

  it('v2: the NTRIP 2.0 head, then the same frames chunk-encoded', async () => {
    const rover = await account();
    const source = await connectSourceV1(port, 'DELFT00');
    const client = await TestClient.request(port, v2RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('\r\n\r\n');
    const head = client.text().split('\r\n\r\n')[0] as string;
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toContain('Ntrip-Version: Ntrip/2.0');
    expect(head).toContain('Transfer-Encoding: chunked');
    expect(head).toContain('Content-Type: gnss/data');
    const seconds = rtcmSeconds(8, 4);
    for (const second of seconds) {
      source.write(second);
      await sleep(20);
    }
    const expected = Buffer.concat(seconds);
    await client.waitFor(() => dechunkSafe(client.body()).length >= expected.length);
    expect(dechunk(client.body())).toEqual(expected);
    client.close();
    source.close();
    const [session] = await eventually(async () => {
      const rows = await sessionsOf(rover.accountId);
      return rows[0]?.endedAt ? rows : undefined;
    });
    expect(session).toMatchObject({ ntripVersion: 2, bytesSent: expected.length });
  });

  it('writes bytes of live sessions periodically, not only at the end', async () => {
    const rover = await account();
    const source = await connectSourceV1(port, 'DELFT00');
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('ICY 200 OK');
    const seconds = rtcmSeconds(9, 2);
    for (const second of seconds) source.write(second);
    const total = Buffer.concat(seconds).length;
    const live = await eventually(async () => {
      const [row] = await sessionsOf(rover.accountId);
      return row && row.bytesSent === total ? row : undefined;
    });
    expect(live.endedAt).toBeNull();
    client.close();
    source.close();
  });

  it('reads in-band GGA: count, last position and distance to the base', async () => {
    const rover = await account();
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('ICY 200 OK');
    // 52.0 N 4.50 E: about 9.6 km east of the base at 4.36 E.
    const position = { latitude: 52.0, longitude: 4.5, altitude: 10, geoidSeparation: 40 };
    const first = buildGga({ ...position, time: 43_200 });
    // The first sentence arrives in two reads: lines are reassembled across reads.
    client.write(first.slice(0, 30));
    await sleep(50);
    client.write(`${first.slice(30)}\r\n${buildGga({ ...position, time: 43_201, talker: 'GN' })}\r\n`);
    const row = await eventually(async () => {
      const [session] = await sessionsOf(rover.accountId);
      return session?.ggaCount === 2 ? session : undefined;
    });
    expect(row.lastLatitude).toBeCloseTo(52.0, 6);
    expect(row.lastLongitude).toBeCloseTo(4.5, 6);
    expect(row.lastHeight).toBeCloseTo(50, 3);
    expect(row.distanceToBaseM).toBeGreaterThan(9_500);
    expect(row.distanceToBaseM).toBeLessThan(9_700);
    // The fix health as stored (decision 0088): sparse histograms, the last state, the time of the one GGA interval.
    expect(row.ggaStats).toMatchObject({ sats: { '12': 2 }, hdop: { '10': 2 }, age: {}, last: 'single' });
    expect((row.ggaStats as { fixMs: { single: number } }).fixMs.single).toBeGreaterThan(0);
    client.close();
  });
});

describe('refused logins', () => {
  it('401 with WWW-Authenticate for a wrong password, recorded as bad-password', async () => {
    const rover = await account();
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, 'wrong'));
    await client.waitClosed();
    expect(client.text()).toMatch(/^HTTP\/1\.0 401 Unauthorized\r\n/);
    expect(client.text()).toContain('WWW-Authenticate: Basic realm="/DELFT00"\r\n');
    const [failure] = await eventually(() => failuresOf(rover.username).then((rows) => rows.length > 0 && rows));
    expect(failure).toMatchObject({ reason: 'bad-password', accountId: rover.accountId, mountpoint: 'DELFT00' });
    expect(JSON.stringify(failure)).not.toContain('wrong');
  });

  it('tells the owner when the web password was typed into the rover', async () => {
    const rover = await account();
    const client = await TestClient.request(port, v2RoverHead('DELFT00', rover.username, rover.webPassword));
    await client.waitClosed();
    expect(client.text()).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(client.text()).toContain('Ntrip-Version: Ntrip/2.0\r\n');
    const [failure] = await eventually(() => failuresOf(rover.username).then((rows) => rows.length > 0 && rows));
    expect(failure?.reason).toBe('web-password');
  });

  it('401 without credentials and for unknown users', async () => {
    const anonymous = await TestClient.request(port, ['GET /DELFT00 HTTP/1.0', 'User-Agent: NTRIP x']);
    await anonymous.waitClosed();
    expect(anonymous.text()).toMatch(/^HTTP\/1\.0 401 Unauthorized\r\n/);
    const unknown = await TestClient.request(port, v1RoverHead('DELFT00', 'nobody-here', 'x'));
    await unknown.waitClosed();
    expect(unknown.text()).toMatch(/^HTTP\/1\.0 401/);
    const [failure] = await eventually(() => failuresOf('nobody-here').then((rows) => rows.length > 0 && rows));
    expect(failure).toMatchObject({ reason: 'unknown-user', accountId: null });
  });

  it('refuses a disabled account', async () => {
    const rover = await account({ isDisabled: true });
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitClosed();
    expect(client.text()).toMatch(/^HTTP\/1\.0 401/);
    const [failure] = await eventually(() => failuresOf(rover.username).then((rows) => rows.length > 0 && rows));
    expect(failure?.reason).toBe('disabled');
  });

  it('refuses an account without a window on the network, and one whose window has ended', async () => {
    const none = await account({}, false);
    await grantAccess(database, none.accountId, otherNetworkId);
    const expired = await account({}, false);
    await grantAccess(database, expired.accountId, networkId, { startsInMs: -7_200_000, endsInMs: -1_000 });
    const future = await account({}, false);
    await grantAccess(database, future.accountId, networkId, { startsInMs: 3_600_000, endsInMs: 7_200_000 });
    for (const rover of [none, expired, future]) {
      const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
      await client.waitClosed();
      expect(client.text()).toMatch(/^HTTP\/1\.0 401/);
      const [failure] = await eventually(() => failuresOf(rover.username).then((rows) => rows.length > 0 && rows));
      expect(failure?.reason).toBe('no-access');
    }
  });

  it('unknown mountpoint: the sourcetable in v1, 404 in v2', async () => {
    const rover = await account();
    const v1 = await TestClient.request(port, v1RoverHead('NOPE', rover.username, rover.password));
    await v1.waitClosed();
    expect(v1.text()).toMatch(/^SOURCETABLE 200 OK\r\n/);
    expect(v1.text()).toContain('STR;DELFT00;');
    expect(v1.text().endsWith('ENDSOURCETABLE\r\n')).toBe(true);
    const v2 = await TestClient.request(port, v2RoverHead('NOPE', rover.username, rover.password));
    await v2.waitClosed();
    expect(v2.text()).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    expect(v2.text()).toContain('Ntrip-Version: Ntrip/2.0');
  });

  it('serves browsers a page instead of a stream', async () => {
    const client = await TestClient.request(port, [
      'GET /DELFT00 HTTP/1.1',
      'Host: caster',
      'User-Agent: Mozilla/5.0 (X11; Linux x86_64)',
      'Accept: text/html',
    ]);
    await client.waitClosed();
    expect(client.text()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(client.text()).toContain('Content-Type: text/html; charset=utf-8');
    expect(client.text()).toContain('NTRIP caster</h1>');
  });

  it("serves the browser page in the browser's language", async () => {
    const client = await TestClient.request(port, [
      'GET / HTTP/1.1',
      'Host: caster',
      'User-Agent: Mozilla/5.0 (X11; Linux x86_64)',
      'Accept: text/html',
      'Accept-Language: nl-NL,nl;q=0.9,en;q=0.8',
    ]);
    await client.waitClosed();
    expect(client.text()).toContain('Content-Language: nl\r\n');
    expect(client.text()).toContain('<html lang="nl">');
    expect(client.text()).toContain('NTRIP-caster</h1>');
  });
});

describe('session rules', () => {
  it('starts a "from first connection" window at the first login', async () => {
    const rover = await account({}, false);
    await grantAccess(database, rover.accountId, networkId, { pendingDays: 3 });
    const before = Date.now();
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('ICY 200 OK');
    const [window] = await database.db
      .select()
      .from(schema.accessWindows)
      .where(eq(schema.accessWindows.accountId, rover.accountId));
    expect(window?.startsAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect((window?.endsAt?.getTime() ?? 0) - (window?.startsAt?.getTime() ?? 0)).toBe(3 * 86_400_000);
    client.close();
  });

  it('a second login with the same credentials replaces the first', async () => {
    const rover = await account();
    const source = await connectSourceV1(port, 'DELFT00');
    const first = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await first.waitForText('ICY 200 OK');
    const second = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await second.waitForText('ICY 200 OK');
    await first.waitClosed();
    const [data] = rtcmSeconds(3, 1);
    source.write(data as Buffer);
    await second.waitFor((received) => received.length >= 14 + (data as Buffer).length);
    const rows = await eventually(async () => {
      const list = await sessionsOf(rover.accountId);
      return list.some((row) => row.closeReason === 'replaced') ? list : undefined;
    });
    expect(rows.map((row) => row.closeReason).sort()).toEqual([null, 'replaced']);
    // The session that replaced the account's only one is still watched: disabling the account ends it.
    const table = schema.ntripAccounts;
    await database.db.update(table).set({ isDisabled: true }).where(eq(table.id, rover.accountId));
    // The account poll (200 ms here) reads the change from the database: allow for a loaded machine.
    await second.waitClosed(10_000);
    source.close();
  });

  it('allows as many sessions as maxConnections', async () => {
    const rover = await account({ maxConnections: 2 });
    const clients = [];
    for (let i = 0; i < 3; i++) {
      const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
      await client.waitForText('ICY 200 OK');
      clients.push(client);
    }
    await clients[0]?.waitClosed();
    await sleep(200);
    expect(clients[1]?.socket.destroyed).toBe(false);
    expect(clients[2]?.socket.destroyed).toBe(false);
    for (const client of clients) client.close();
  });

  it('ends the session within a second of its access window ending', async () => {
    const rover = await account({}, false);
    await grantAccess(database, rover.accountId, networkId, { endsInMs: 1_500 });
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('ICY 200 OK');
    const [window] = await database.db
      .select()
      .from(schema.accessWindows)
      .where(eq(schema.accessWindows.accountId, rover.accountId));
    await client.waitClosed(4_000);
    const lateMs = Date.now() - (window?.endsAt?.getTime() ?? 0);
    expect(lateMs).toBeGreaterThanOrEqual(0);
    expect(lateMs).toBeLessThan(1_000);
    const [row] = await eventually(async () => {
      const rows = await sessionsOf(rover.accountId);
      return rows[0]?.endedAt ? rows : undefined;
    });
    expect(row?.closeReason).toBe('window-ended');
  });

  it("ends a lent account's session when the lending ends, and refuses it afterwards", async () => {
    const rover = await account();
    const lentUntil = new Date(Date.now() + 1_500);
    const accounts = schema.ntripAccounts;
    await database.db.update(accounts).set({ lentUntil }).where(eq(accounts.id, rover.accountId));
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('ICY 200 OK');
    await client.waitClosed(4_000);
    const lateMs = Date.now() - lentUntil.getTime();
    expect(lateMs).toBeGreaterThanOrEqual(0);
    expect(lateMs).toBeLessThan(1_000);

    const again = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await again.waitClosed();
    expect(again.text()).toMatch(/^HTTP\/1\.0 401/);
    const [failure] = await eventually(() => failuresOf(rover.username).then((rows) => rows.length > 0 && rows));
    expect(failure?.reason).toBe('no-access');
  });

  it('follows a lending shortened while the rover is connected', async () => {
    const rover = await account();
    const accounts = schema.ntripAccounts;
    const set = (lentUntil: Date) =>
      database.db.update(accounts).set({ lentUntil }).where(eq(accounts.id, rover.accountId));
    await set(new Date(Date.now() + 3_600_000));
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('ICY 200 OK');
    await sleep(300);
    expect(client.socket.destroyed).toBe(false);
    const shortened = new Date(Date.now() + 500);
    await set(shortened);
    await client.waitClosed(4_000);
    expect(Date.now() - shortened.getTime()).toBeLessThan(2_000);
  });

  it('keeps a session whose window is followed by another without a gap', async () => {
    const rover = await account({}, false);
    const boundary = new Date(Date.now() + 800);
    const windows = schema.accessWindows;
    await database.db.insert(windows).values([
      {
        accountId: rover.accountId,
        networkId,
        source: 'admin',
        startsAt: new Date(Date.now() - 60_000),
        endsAt: boundary,
      },
      {
        accountId: rover.accountId,
        networkId,
        source: 'credits',
        startsAt: boundary,
        endsAt: new Date(Date.now() + 3_600_000),
      },
    ]);
    const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
    await client.waitForText('ICY 200 OK');
    await sleep(1_600);
    expect(client.socket.destroyed).toBe(false);
    client.close();
  });

  it('ends sessions when the account is disabled, its password changed or it is deleted', async () => {
    const cases = [
      { change: { isDisabled: true }, reason: 'account-disabled' },
      { change: { passwordChangedAt: new Date(Date.now() + 1_000) }, reason: 'password-changed' },
      { change: undefined, reason: 'account-deleted' },
    ];
    for (const { change, reason } of cases) {
      const rover = await account();
      const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, rover.password));
      await client.waitForText('ICY 200 OK');
      const table = schema.ntripAccounts;
      if (change) await database.db.update(table).set(change).where(eq(table.id, rover.accountId));
      else {
        // Deleting the account cascades to its sessions, so check the socket only.
        await database.db.delete(table).where(eq(table.id, rover.accountId));
      }
      await client.waitClosed(10_000);
      if (change) {
        const [row] = await eventually(async () => {
          const rows = await sessionsOf(rover.accountId);
          return rows[0]?.endedAt ? rows : undefined;
        });
        expect(row?.closeReason).toBe(reason);
      }
    }
  });
});

describe('the account poll of a large fleet', () => {
  it('re-reads a batch of accounts in turn, and an announced account at once', async () => {
    // One account a poll: three disabled accounts (no announcement) end one after another, every account in turn;
    // a fourth, announced as the server does, ends at once, before the poll's turn comes to it.
    const batched = await startCaster(database, { accountPollMs: 300, accountPollBatch: 1 });
    try {
      const rovers = await Promise.all([account(), account(), account(), account()]);
      const clients = await Promise.all(
        rovers.map(async (rover) => {
          const client = await TestClient.request(batched.port, v1RoverHead('DELFT00', rover.username, rover.password));
          await client.waitForText('ICY 200 OK');
          return client;
        }),
      );
      const isOpen = clients.map(() => true);
      clients.forEach((client, index) => {
        void client.closed.then(() => {
          isOpen[index] = false;
        });
      });
      const table = schema.ntripAccounts;
      const announced = rovers[3] as SeedAccount;
      await database.db.update(table).set({ isDisabled: true }).where(eq(table.id, announced.accountId));
      batched.accountChanged(announced.accountId);
      await (clients[3] as TestClient).waitClosed(250);
      expect(isOpen).toEqual([true, true, true, false]);

      for (const rover of rovers.slice(0, 3)) {
        await database.db.update(table).set({ isDisabled: true }).where(eq(table.id, rover.accountId));
      }
      const closedAt: number[] = [];
      const started = Date.now();
      await Promise.all(
        clients.slice(0, 3).map(async (client) => {
          await client.waitClosed(5_000);
          closedAt.push(Date.now() - started);
        }),
      );
      // One a poll: the last ends at least a poll after the first.
      closedAt.sort((x, y) => x - y);
      expect((closedAt[2] as number) - (closedAt[0] as number)).toBeGreaterThanOrEqual(250);
    } finally {
      await batched.stop();
    }
  });
});

describe('the login cache (decision 0046)', () => {
  it('refuses the old password at once when the portal regenerates it, and admits the new one', async () => {
    const rover = await account();
    const login = async (password: string) => {
      const client = await TestClient.request(port, v1RoverHead('DELFT00', rover.username, password));
      await client.waitFor(() => client.text().includes('\r\n'));
      client.close();
      return client.text().split('\r\n')[0];
    };
    expect(await login(rover.password)).toBe('ICY 200 OK');
    // The account and its access are now cached; the portal regenerates the password and tells the caster.
    const newPassword = `ntrip-${Date.now()}`;
    await database.db
      .update(schema.ntripAccounts)
      .set({ passwordEnc: secretBox.encrypt(newPassword), passwordChangedAt: new Date() })
      .where(eq(schema.ntripAccounts.id, rover.accountId));
    caster.accountChanged(rover.accountId);
    expect(await login(rover.password)).toMatch(/^HTTP\/1\.0 401/);
    expect(await login(newPassword)).toBe('ICY 200 OK');
  });
});

function dechunkSafe(body: Buffer): Buffer {
  return Buffer.concat(new ChunkedDecoder().push(body));
}
