import { connect, type Socket } from 'node:net';
import { greatCircleDistance, nmeaChecksum } from '@fixpoint/rtcm';
import type { AccountHealth } from '@fixpoint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startServer } from '../e2e/harness';
import { callApi } from '../e2e/page-helpers';

const admin = { email: 'fleet-admin@example.com', password: 'fleet admin password 1' };
const owner = { email: 'fleet-owner@example.com', name: 'Fleet Owner', password: 'fleet owner password 1' };

/** About 35 km north-east of the demo network's Amsterdam base: farther than the 30 km a reason names. */
const rover = { latitude: 52.62, longitude: 5.22 };
const PHASE_MS = 20_000;

/** Degrees to NMEA's (d)ddmm.mmmmm and hemisphere. */
function nmeaCoordinate(value: number, degreeDigits: number, positive: string, negative: string) {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = (abs - degrees) * 60;
  return `${String(degrees).padStart(degreeDigits, '0')}${minutes.toFixed(5).padStart(8, '0')},${value < 0 ? negative : positive}`;
}

/** A GGA sentence as a receiver sends it, with the real checksum. */
function gga(quality: number, at: Date): string {
  const time = `${String(at.getUTCHours()).padStart(2, '0')}${String(at.getUTCMinutes()).padStart(2, '0')}${String(at.getUTCSeconds()).padStart(2, '0')}.00`;
  const age = quality >= 2 ? '1.0' : '';
  const station = quality >= 2 ? '0100' : '';
  const body = `GPGGA,${time},${nmeaCoordinate(rover.latitude, 2, 'N', 'S')},${nmeaCoordinate(rover.longitude, 3, 'E', 'W')},${quality},${quality === 1 ? 9 : 18},0.8,12.3,M,43.1,M,${age},${station}`;
  return `$${body}*${nmeaChecksum(body)}\r\n`;
}

/** An NTRIP 1.0 rover over a real socket: logs in, reads whatever the caster sends, resolves once answered. */
function connectRover(port: number, mountpoint: string, username: string, password: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      const auth = Buffer.from(`${username}:${password}`).toString('base64');
      socket.write(
        `GET /${mountpoint} HTTP/1.0\r\nUser-Agent: NTRIP FleetTest/1.0\r\nAuthorization: Basic ${auth}\r\n\r\n`,
      );
    });
    let reply = '';
    const onData = (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (!reply.includes('\r\n')) return;
      socket.off('data', onData);
      socket.resume();
      if (reply.startsWith('ICY 200')) resolve(socket);
      else reject(new Error(`refused: ${reply.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

/**
 * Issue 33's proof against `npm start`: a rover on the Amsterdam base sends GGA with quality 4 for 20 s, then 5, then 1
 * (one sentence a second, real checksums, a real socket); its account's health reads Good during the first phase,
 * then the fix shares within 2 percentage points, the base distance within 0.1 km of the one computed here, and
 * Limited with the far base as the reason. Meanwhile a rover on the AUTO mount sends no GGA: Action required, with
 * the words to fix it.
 */
describe('fleet health from the GGA a rover sends', () => {
  let server: RunningServer;
  let casterPort: number;
  let token = '';
  const accounts: { id: string; username: string; password: string }[] = [];
  const sockets: Socket[] = [];

  const health = async (accountId: string) =>
    (await callApi(server.url, `/accounts/${accountId}/health`, { token })).body as unknown as AccountHealth;

  beforeAll(async () => {
    casterPort = await freePort();
    server = await startServer({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CASTER_PORT: String(casterPort),
      CASTER_SESSION_FLUSH_SECONDS: '1',
    });
    const signUp = await callApi(server.url, '/auth/sign-up/email', {
      method: 'POST',
      body: { ...owner, termsAccepted: true },
    });
    token = signUp.token ?? '';
    const userId = (signUp.body as unknown as { user: { id: string } }).user.id;
    const adminToken = (await callApi(server.url, '/auth/sign-in/email', { method: 'POST', body: admin })).token ?? '';
    await callApi(server.url, `/admin/tokens?userId=${userId}&tokenAmount=20&reason=fleet%20test`, {
      method: 'PUT',
      token: adminToken,
    });
    const networks = (await callApi(server.url, '/networks')).body as unknown as { id: string; code: string }[];
    const demo = networks.find((network) => network.code === 'DEMO');
    for (const name of ['Survey rover', 'Auto rover']) {
      const { body } = await callApi(server.url, '/accounts', { method: 'POST', token, body: { name } });
      const id = (body as unknown as { id: string }).id;
      await callApi(server.url, `/tokens?accountId=${id}&feedNetworkId=${demo?.id}&days=5`, { method: 'POST', token });
      const credentials = (await callApi(server.url, `/accounts/${id}/credentials`, { token })).body as unknown as {
        username: string;
        password: string;
      };
      accounts.push({ id, ...credentials });
    }
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server?.stop();
  });

  it('reads Good, then the shares, distance and Limited with its reason; Action required without GGA on AUTO', async () => {
    const [survey, auto] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    const station = (
      (await callApi(server.url, '/networks/coverage')).body as unknown as {
        stations: { mountpoint: string; latitude: number; longitude: number }[];
      }
    ).stations.find((s) => s.mountpoint === 'DEMO_AMS');
    expect(station).toBeDefined();
    const expectedKm = greatCircleDistance(rover, station as { latitude: number; longitude: number }) / 1000;
    expect(expectedKm).toBeGreaterThan(30);

    const autoSocket = await connectRover(casterPort, 'DEMO_AUTO', auto.username, auto.password);
    const surveySocket = await connectRover(casterPort, 'DEMO_AMS', survey.username, survey.password);
    sockets.push(autoSocket, surveySocket);
    const started = Date.now();
    const qualityAt = (elapsed: number) => (elapsed < PHASE_MS ? 4 : elapsed < 2 * PHASE_MS ? 5 : 1);
    surveySocket.write(gga(4, new Date()));
    const sender = setInterval(() => surveySocket.write(gga(qualityAt(Date.now() - started), new Date())), 1000);
    const waitUntil = (elapsed: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, started + elapsed - Date.now())));

    try {
      // Late in the fixed phase: Good; the AUTO rover has been silent for over 15 s.
      await waitUntil(PHASE_MS - 2_500);
      const good = await health(survey.id);
      expect(good.status).toBe('good');
      expect(good.fix.fixed).toBeGreaterThan(0.98);
      expect(good.timeToFirstFixS).toBeLessThan(3);
      const silent = await health(auto.id);
      expect(silent.status).toBe('action-required');
      expect(silent.reasons[0]?.code).toBe('no-gga-auto');
      expect(silent.reasons[0]?.text).toContain('turn on "send GGA to caster"');

      // The three phases done; the rover hangs up and its session's end is written.
      await waitUntil(3 * PHASE_MS);
    } finally {
      clearInterval(sender);
    }
    surveySocket.end();
    // The caster reads a rover's socket in 30 s slices (decisions 0080, 0088): a half-close is seen within one.
    let final = await health(survey.id);
    for (let i = 0; i < 140 && final.isConnected; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      final = await health(survey.id);
    }
    expect(final.isConnected).toBe(false);
    expect(final.fix.fixed).toBeCloseTo(1 / 3, 1);
    for (const state of ['fixed', 'float', 'single'] as const) {
      expect(Math.abs(final.fix[state] - 1 / 3)).toBeLessThanOrEqual(0.02);
    }
    expect(final.fix.dgps + final.fix.none).toBe(0);
    expect(Math.abs((final.baseDistanceKm ?? 0) - expectedKm)).toBeLessThanOrEqual(0.1);
    expect(final.status).toBe('limited');
    expect(final.reasons.map((reason) => reason.code)).toEqual(['rarely-fixed', 'base-far']);
    expect(final.reasons[1]?.text).toContain('more than 30 km');
    expect(final.lastPosition).toMatchObject({ lat: expect.closeTo(rover.latitude, 5), fix: 'single' });
    expect(final.satellites).toBe(18);
  }, 120_000);
});
