import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type TLSSocket } from 'node:tls';
import type { DatabaseHandle } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from './caster';
import { CasterEnvError, casterOptionsFromEnv, loadCasterEnv } from './config';
import { selfSignedCertificate } from './testing/certificate';
import {
  connectSourceV1,
  defaultSourcePassword,
  eventually,
  grantAccess,
  openDatabase,
  rtcmSeconds,
  type SeedAccount,
  seedAccount,
  seedNetwork,
  seedStation,
  startCaster,
  TestClient,
  v1RoverHead,
  v2RoverHead,
} from './testing/harness';

// NTRIP over TLS (CASTER_TLS_PORT): the same protocol handling behind a TLS handshake, on the same mounts as the
// plain port. The certificate is a fresh self-signed one made with the openssl CLI.

let work: string;
let cert: Buffer;
let database: DatabaseHandle;
let caster: Caster;
let rover: SeedAccount;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fixpoint-tls-'));
  const { certPath, keyPath } = selfSignedCertificate(work);
  cert = readFileSync(certPath);
  database = await openDatabase();
  const { networkId } = await seedNetwork(database, { code: 'TLS' });
  await seedStation(database, { networkId, mountpoint: 'TLS1' });
  await seedStation(database, { networkId, mountpoint: 'TLS2' });
  rover = await seedAccount(database, { maxConnections: 5 });
  await grantAccess(database, rover.accountId, networkId);
  caster = await startCaster(database, {
    tls: { port: 0, cert, key: readFileSync(keyPath) },
  });
});

afterAll(async () => {
  await caster?.stop();
  await database?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A TLS client that checks the caster's certificate against the generated one. */
async function tlsRequest(lines: string[]) {
  const socket = connect({ host: '127.0.0.1', port: caster.tlsPort, ca: cert, servername: 'localhost' });
  await new Promise<void>((resolve, reject) => {
    socket.once('secureConnect', resolve);
    socket.once('error', reject);
  });
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  return { socket: socket as TLSSocket, bytes: () => Buffer.concat(received) };
}

describe('NTRIP over TLS', () => {
  it('listens on its own port with the configured certificate', () => {
    expect(caster.tlsPort).toBeGreaterThan(0);
    expect(caster.tlsPort).not.toBe(caster.port);
  });

  it('streams a plain-port base to a v1 rover over TLS, byte for byte', async () => {
    const client = await tlsRequest(v1RoverHead('TLS1', rover.username, rover.password));
    await eventually(() => client.bytes().toString('latin1').startsWith('ICY 200 OK\r\n\r\n'));
    expect(client.socket.authorized).toBe(true);
    const base = await connectSourceV1(caster.port, 'TLS1');
    const frames = Buffer.concat(rtcmSeconds(2001, 3));
    base.socket.write(frames);
    const head = Buffer.byteLength('ICY 200 OK\r\n\r\n');
    await eventually(() => client.bytes().length >= head + frames.length);
    expect(client.bytes().subarray(head).equals(frames)).toBe(true);
    client.socket.destroy();
    base.socket.destroy();
  });

  it('takes a base over TLS and serves a v2 rover on the plain port', async () => {
    const source = await tlsRequest([`SOURCE ${defaultSourcePassword} /TLS2`, 'Source-Agent: NTRIP tls-test']);
    await eventually(() => source.bytes().toString('latin1').startsWith('ICY 200 OK'));
    const client = await TestClient.request(caster.port, v2RoverHead('TLS2', rover.username, rover.password));
    await client.waitForText('200 OK');
    const frames = Buffer.concat(rtcmSeconds(2002, 2));
    source.socket.write(frames);
    await eventually(() => client.receivedLength > frames.length);
    expect(client.received.includes(frames.subarray(0, 64))).toBe(true);
    client.socket.destroy();
    source.socket.destroy();
  });

  it('drops a client that speaks plain NTRIP to the TLS port, and keeps serving', async () => {
    const plain = await TestClient.request(caster.tlsPort, v1RoverHead('TLS1', rover.username, rover.password));
    await plain.closed;
    expect(plain.received.toString('latin1')).not.toContain('ICY 200 OK');
    const client = await tlsRequest(v1RoverHead('TLS1', rover.username, rover.password));
    await eventually(() => client.bytes().toString('latin1').startsWith('ICY 200 OK'));
    client.socket.destroy();
  });
});

describe('TLS configuration', () => {
  it('reads the certificate and key files named by CASTER_TLS_CERT and CASTER_TLS_KEY', () => {
    const env = loadCasterEnv({
      CASTER_TLS_PORT: '2102',
      CASTER_TLS_CERT: join(work, 'cert.pem'),
      CASTER_TLS_KEY: join(work, 'key.pem'),
    });
    const options = casterOptionsFromEnv(env);
    expect(options.tls?.port).toBe(2102);
    expect(options.tls?.cert).toEqual(cert);
  });

  it('refuses a TLS port without both files, and a file it cannot read, naming the variable', () => {
    expect(() => loadCasterEnv({ CASTER_TLS_PORT: '2102', CASTER_TLS_CERT: join(work, 'cert.pem') })).toThrow(
      CasterEnvError,
    );
    const env = loadCasterEnv({
      CASTER_TLS_PORT: '2102',
      CASTER_TLS_CERT: join(work, 'missing.pem'),
      CASTER_TLS_KEY: join(work, 'key.pem'),
    });
    expect(() => casterOptionsFromEnv(env)).toThrow(/CASTER_TLS_CERT/);
  });
});
