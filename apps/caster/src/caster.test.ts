import { type DatabaseHandle, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from './caster';
import {
  connectSourceV1,
  eventually,
  grantAccess,
  openDatabase,
  rtcmSeconds,
  type SeedAccount,
  seedAccount,
  seedNetwork,
  seedStation,
  sleep,
  startCaster,
  TestClient,
  v1RoverHead,
  v2RoverHead,
} from './testing/harness';

let database: DatabaseHandle;
let caster: Caster;
let port: number;
let rover: SeedAccount;

beforeAll(async () => {
  database = await openDatabase();
  const { networkId } = await seedNetwork(database, { code: 'FAN', countryCode: 'NLD', operator: 'Fan Ops' });
  const { networkId: hidden } = await seedNetwork(database, { code: 'HIDDEN', isPublished: false });
  await seedStation(database, { networkId, mountpoint: 'FAN1', latitude: 52.01, longitude: 4.36, countryCode: 'NLD' });
  await seedStation(database, { networkId, mountpoint: 'FAN2', latitude: 50.85, longitude: 4.35, countryCode: 'BEL' });
  await seedStation(database, { networkId, mountpoint: 'OFF', isEnabled: false });
  await seedStation(database, { networkId: hidden, mountpoint: 'SECRET' });
  rover = await seedAccount(database, { maxConnections: 10 });
  await grantAccess(database, rover.accountId, networkId);
  caster = await startCaster(database, { publicHost: 'caster.example', publicPort: 2101 });
  port = caster.port;
});

afterAll(async () => {
  await caster?.stop();
  await database?.close();
});

function split(reply: string) {
  const end = reply.indexOf('\r\n\r\n');
  return { head: reply.slice(0, end), body: reply.slice(end + 4) };
}

describe('sourcetable', () => {
  it('v1: SOURCETABLE 200 OK with an exact Content-Length, CAS, NET, STR and AUTO records', async () => {
    const client = await TestClient.request(port, ['GET / HTTP/1.0', 'User-Agent: NTRIP test']);
    await client.waitClosed();
    const { head, body } = split(client.text());
    expect(head.split('\r\n')[0]).toBe('SOURCETABLE 200 OK');
    expect(head).toContain('Content-Type: text/plain');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    const lines = body.split('\r\n');
    expect(lines[0]).toBe('CAS;caster.example;2101;Fixpoint;Fixpoint;1;;0.00;0.00;0.0.0.0;0;http://localhost:8080');
    expect(lines).toContain(
      'NET;FAN;Fan Ops;B;Y;http://localhost:8080;http://localhost:8080;http://localhost:8080;FAN network',
    );
    expect(lines.filter((line) => line.startsWith('STR;')).map((line) => line.split(';')[1])).toEqual([
      'FAN1',
      'FAN2',
      'FAN_AUTO',
    ]);
    expect(lines.find((line) => line.startsWith('STR;FAN1;'))).toBe(
      'STR;FAN1;FAN1;RTCM 3.3;;2;GPS+GLO+GAL+BDS;FAN;NLD;52.01;4.36;0;0;Fixpoint;none;B;Y;0;',
    );
    expect(body.endsWith('ENDSOURCETABLE\r\n')).toBe(true);
  });

  it('v2: gnss/sourcetable, filtered by ?match= and ?filter=', async () => {
    const get = async (query: string) => {
      const client = await TestClient.request(port, [
        `GET /${query} HTTP/1.1`,
        'Ntrip-Version: Ntrip/2.0',
        'User-Agent: NTRIP test',
      ]);
      await client.waitClosed();
      return split(client.text());
    };
    const all = await get('');
    expect(all.head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(all.head).toContain('Content-Type: gnss/sourcetable');
    expect(all.head).toContain(`Content-Length: ${Buffer.byteLength(all.body)}`);
    const belgian = await get('?match=STR;;;;;;;;BEL');
    expect(belgian.body).toBe(
      'STR;FAN2;FAN2;RTCM 3.3;;2;GPS+GLO+GAL+BDS;FAN;BEL;50.85;4.35;0;0;Fixpoint;none;B;Y;0;\r\nENDSOURCETABLE\r\n',
    );
    expect(belgian.head).toContain(`Content-Length: ${Buffer.byteLength(belgian.body)}`);
    const north = await get('?filter=STR;;;;;;;;;>51');
    expect(north.body.split('\r\n').map((line) => line.split(';')[1])).toEqual([
      'FAN1',
      'FAN_AUTO',
      undefined,
      undefined,
    ]);
  });
  it('does not advertise a station without a position at 0,0, and places AUTO among the placed ones', async () => {
    const { networkId } = await seedNetwork(database, { code: 'BLANK' });
    await seedStation(database, { networkId, mountpoint: 'BLANK1', latitude: null, longitude: null });
    await seedStation(database, { networkId, mountpoint: 'BLANK2', latitude: 51.5, longitude: 5.5 });
    const lines = await eventually(async () => {
      const client = await TestClient.request(port, ['GET / HTTP/1.0', 'User-Agent: NTRIP test']);
      await client.waitClosed();
      const all = split(client.text()).body.split('\r\n');
      return all.some((line) => line.startsWith('STR;BLANK2;')) ? all : undefined;
    });
    expect(lines.some((line) => line.startsWith('STR;BLANK1;'))).toBe(false);
    expect(lines.find((line) => line.startsWith('STR;BLANK_AUTO;'))).toContain(';51.50;5.50;');
    expect(lines.filter((line) => line.startsWith('STR;') && line.includes(';0.00;0.00;'))).toEqual([]);
  });
});

describe('fan-out', () => {
  it('drops a rover that stops reading and keeps serving the others exactly', async () => {
    const source = await connectSourceV1(port, 'FAN1');
    const slow = await TestClient.request(port, v1RoverHead('FAN1', rover.username, rover.password));
    const fast = await TestClient.request(port, v2RoverHead('FAN1', rover.username, rover.password));
    await slow.waitForText('ICY 200 OK\r\n\r\n');
    await fast.waitForText('\r\n\r\n');
    slow.socket.pause();
    // Several MB: more than loopback's socket buffers, so the slow rover's queue in the caster must grow.
    const epochs = rtcmSeconds(21, 60);
    const blob = Buffer.concat(Array.from({ length: 200 }, () => Buffer.concat(epochs)));
    const { ChunkedDecoder } = await import('./protocol/chunked');
    const decoder = new ChunkedDecoder();
    const pieces: Buffer[] = [];
    let length = 0;
    const headLength = fast.received.indexOf('\r\n\r\n') + 4;
    decoder.push(fast.received.subarray(headLength));
    fast.socket.on('data', (chunk: Buffer) => {
      for (const piece of decoder.push(chunk)) {
        pieces.push(piece);
        length += piece.length;
      }
    });
    for (let offset = 0; offset < blob.length; offset += 16 * 1024) {
      source.write(blob.subarray(offset, offset + 16 * 1024));
      await sleep(1);
    }
    await eventually(() => length >= blob.length || fast.socket.destroyed, 20_000);
    expect(fast.socket.destroyed).toBe(false);
    expect(Buffer.concat(pieces).equals(blob)).toBe(true);
    const rows = await eventually(async () => {
      const list = await database.db
        .select()
        .from(schema.casterSessions)
        .where(eq(schema.casterSessions.closeReason, 'slow-client'));
      return list.length > 0 && list;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ntripVersion).toBe(1);
    fast.close();
    slow.close();
    source.close();
  }, 30_000);
});

describe('connection limits', () => {
  it('closes a connection whose head never completes', async () => {
    const client = await TestClient.connect(port);
    client.write('GET /FAN1 HTTP/1.0\r\nUser-Agent: NTRIP slow\r\n');
    const started = Date.now();
    await client.waitClosed(3_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(client.received.length).toBe(0);
  });

  it('answers 400 to a head larger than 8 KiB', async () => {
    const client = await TestClient.connect(port);
    client.write(`GET /FAN1 HTTP/1.0\r\nX-Padding: ${'x'.repeat(9_000)}\r\n\r\n`);
    await client.waitClosed();
    expect(client.text()).toMatch(/^HTTP\/1\.0 400 Bad Request\r\n/);
  });
});

describe('hostile input', () => {
  const basic = (username: string, password: string) => Buffer.from(`${username}:${password}`).toString('base64');

  it('answers a NUL in a rover login with 400, never 503, and still records the refused login', async () => {
    const client = await TestClient.connect(port);
    client.write(
      `GET /FAN1 HTTP/1.0\r\nUser-Agent: NTRIP probe\r\nAuthorization: Basic ${basic(`${rover.username}\u0000x`, rover.password)}\r\n\r\n`,
    );
    await client.waitClosed();
    expect(client.text()).toMatch(/^HTTP\/1\.0 400 Bad Request\r\n/);
    const recorded = await eventually(async () => {
      const rows = await database.db
        .select()
        .from(schema.loginFailures)
        .where(eq(schema.loginFailures.username, `${rover.username}\uFFFDx`));
      return rows.length > 0 ? rows : undefined;
    });
    expect(recorded[0]).toMatchObject({ reason: 'bad-request', mountpoint: 'FAN1' });

    const inPath = await TestClient.connect(port);
    inPath.write(
      `GET /FAN%001 HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nAuthorization: Basic ${basic(rover.username, rover.password)}\r\n\r\n`,
    );
    await inPath.waitClosed();
    expect(inPath.text()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });

  it('answers a NUL in a base station login with the protocol refusal, never 503', async () => {
    const v1 = await TestClient.connect(port);
    v1.write('SOURCE pass\u0000word /FAN1\r\nSource-Agent: NTRIP probe\r\n\r\n');
    await v1.waitClosed();
    expect(v1.text()).toMatch(/^ERROR - /);
    const v2 = await TestClient.connect(port);
    v2.write(
      `POST /FAN%001 HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nAuthorization: Basic ${basic('src', 'pw')}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    await v2.waitClosed();
    expect(v2.text()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });
});

describe('metrics', () => {
  it('counts logins, rovers, sources and bytes in Prometheus text', async () => {
    const source = await connectSourceV1(port, 'FAN2');
    const client = await TestClient.request(port, v1RoverHead('FAN2', rover.username, rover.password));
    await client.waitForText('ICY 200 OK\r\n\r\n');
    const refused = await TestClient.request(port, v1RoverHead('FAN2', rover.username, 'bad'));
    await refused.waitClosed();
    const [data] = rtcmSeconds(22, 1) as [Buffer];
    source.write(data);
    await client.waitFor((received) => received.length >= 14 + data.length);
    await eventually(() => caster.roverCount === 1);
    const text = await caster.metricsRegistry.metrics();
    expect(text).toMatch(/fixpoint_caster_rovers_connected 1\n/);
    expect(text).toMatch(/fixpoint_caster_sources_connected 1\n/);
    expect(text).toMatch(/fixpoint_caster_logins_total\{result="failed",reason="bad-password"\} 1\n/);
    expect(text).toMatch(/fixpoint_caster_logins_total\{result="ok",reason=""\} \d+\n/);
    const bytesOut = Number(/fixpoint_caster_bytes_out_total (\d+)/.exec(text)?.[1]);
    expect(bytesOut).toBeGreaterThanOrEqual(data.length);
    client.close();
    source.close();
  });
});
