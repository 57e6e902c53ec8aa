import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { schema, verifySecret } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ensureAdmin } from '../auth/admin-bootstrap';
import { parseSourcetable } from './sourcetable';

const adminPassword = randomBytes(12).toString('hex');

/** A tiny upstream caster: answers GET / with a sourcetable, the way a v1 (`SOURCETABLE 200 OK`) or v2 one does. */
function startUpstream(options: { version: 1 | 2; credentials?: string }) {
  const state = { table: '', requests: [] as string[] };
  const server: Server = createServer((socket) => {
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      state.requests.push(head);
      const auth = /^authorization: basic (\S+)/im.exec(head)?.[1];
      const given = auth ? Buffer.from(auth, 'base64').toString() : undefined;
      if (options.credentials && given !== options.credentials) {
        socket.end(
          options.version === 2
            ? 'HTTP/1.1 401 Unauthorized\r\nNtrip-Version: Ntrip/2.0\r\nConnection: close\r\n\r\n'
            : 'HTTP/1.0 401 Unauthorized\r\n\r\n',
        );
        return;
      }
      const body = `${state.table}ENDSOURCETABLE\r\n`;
      socket.end(
        options.version === 2
          ? `HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nContent-Type: gnss/sourcetable\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`
          : `SOURCETABLE 200 OK\r\nServer: NTRIP Test\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
    });
  });
  return new Promise<{ port: number; state: typeof state; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        state,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

const str = (mount: string, lat: string, lon: string, nmea = 0, details = '1004(1),1005(10)') =>
  `STR;${mount};${mount} town;RTCM 3.2;${details};2;GPS+GLO;TESTNET;NLD;${lat};${lon};${nmea};0;sNTRIP;none;B;N;4800;misc;with;semicolons\r\n`;

describe('admin networks, stations and the sourcetable import', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let user: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t, 'Plain Rover');
    await ensureAdmin({ auth: t.app.auth, db: t.database.db }, { email: 'ops@example.com', password: adminPassword });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'ops@example.com', password: adminPassword },
    });
    admin = { authorization: `Bearer ${res.headers['set-auth-token']}` };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url, payload: payload as object, headers });

  let hostedTemplateId = '';
  let relayTemplateId = '';

  it('creates, lists, edits and validates network templates', async () => {
    const hosted = await call('POST', '/api/admin/network-templates', {
      name: 'Own base stations',
      kind: 'hosted',
      dailyPrice: 3,
    });
    expect(hosted.statusCode).toBe(201);
    expect(hosted.json()).toMatchObject({ kind: 'hosted', defaultPort: 2101, ntripVersion: 2, dailyPrice: 3 });
    hostedTemplateId = hosted.json().id;

    const relay = await call('POST', '/api/admin/network-templates', {
      name: 'RTK2go-style caster',
      kind: 'relay',
      defaultPort: 2101,
      ntripVersion: 1,
      authentication: 'basic',
      needsGga: true,
      dailyPrice: 2,
    });
    expect(relay.statusCode).toBe(201);
    relayTemplateId = relay.json().id;

    const invalid = await call('POST', '/api/admin/network-templates', { name: 'x', kind: 'satellite' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
    const duplicate = await call('POST', '/api/admin/network-templates', { name: 'Own base stations', kind: 'hosted' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('CONFLICT');

    const edited = await call('PATCH', `/api/admin/network-templates/${relayTemplateId}`, { defaultPort: 2102 });
    expect(edited.json().defaultPort).toBe(2102);
    const list = (await call('GET', '/api/admin/network-templates')).json();
    // The four presets of migration 0003 come first, in name order with the new ones.
    expect(list.map((row: { name: string }) => row.name)).toEqual([
      'Hosted base stations',
      'NTRIP 1.0 caster',
      'NTRIP 2.0 caster',
      'Own base stations',
      'RTK2go-style caster',
      'VRS or nearest-base service',
    ]);

    const spare = await call('POST', '/api/admin/network-templates', { name: 'Spare', kind: 'hosted' });
    expect((await call('DELETE', `/api/admin/network-templates/${spare.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/network-templates/${spare.json().id}`)).statusCode).toBe(404);

    const refused = await call('GET', '/api/admin/network-templates', undefined, user.headers);
    expect(refused.statusCode).toBe(403);
  });

  let hostedId = '';

  it('creates a hosted network from a template, publishes it, and refuses a taken code', async () => {
    const res = await call('POST', '/api/admin/networks', {
      templateId: hostedTemplateId,
      code: 'farm',
      name: 'Farm Network',
    });
    expect(res.statusCode).toBe(201);
    const network = res.json();
    hostedId = network.id;
    // Kind and price come from the template; the code is upper-cased; new networks start hidden.
    expect(network).toMatchObject({ code: 'FARM', kind: 'hosted', dailyPrice: 3, isPublished: false, stations: [] });
    expect(network.templateName).toBe('Own base stations');

    const taken = await call('POST', '/api/admin/networks', {
      templateId: hostedTemplateId,
      code: 'FARM',
      name: 'Two',
    });
    expect(taken.statusCode).toBe(409);
    const badCode = await call('POST', '/api/admin/networks', {
      templateId: hostedTemplateId,
      code: 'a b',
      name: 'Two',
    });
    expect(badCode.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    // Only ISO 3166 country codes reach the sourcetable (issue 16), in any case, stored upper case.
    for (const countryCode of ['zz', '<s>', 'XX1']) {
      const bad = await call('PATCH', `/api/admin/networks/${hostedId}`, { countryCode });
      expect(bad.statusCode, countryCode).toBe(400);
      expect(bad.json().message).toContain('Use an ISO 3166 three-letter country code, such as NLD.');
    }
    expect((await call('PATCH', `/api/admin/networks/${hostedId}`, { countryCode: 'nld' })).json().countryCode).toBe(
      'NLD',
    );

    const marketplace = async () =>
      ((await t.app.inject({ url: '/api/networks' })).json() as { code: string }[]).map((row) => row.code);
    expect(await marketplace()).not.toContain('FARM');
    const published = await call('PATCH', `/api/admin/networks/${hostedId}`, { isPublished: true, dailyPrice: 4 });
    expect(published.json()).toMatchObject({ isPublished: true, dailyPrice: 4 });
    expect(await marketplace()).toContain('FARM');
    await call('PATCH', `/api/admin/networks/${hostedId}`, { isPublished: false });
    expect(await marketplace()).not.toContain('FARM');
  });

  it('adds a hosted station and shows its source password once; regenerating replaces it', async () => {
    const res = await call('POST', `/api/admin/networks/${hostedId}/stations`, {
      mountpoint: 'FARM_NORTH',
      identifier: 'North barn',
      latitude: 52.1,
      longitude: 5.2,
      height: 12,
    });
    expect(res.statusCode).toBe(201);
    const { station, sourcePassword, caster } = res.json();
    expect(sourcePassword).toMatch(/^[A-Za-z2-9]{20}$/);
    // Where the base pushes to: the caster's public address (the request's host unless configured).
    expect(caster).toEqual({ host: 'localhost', port: 2101 });
    expect(station).toMatchObject({ mountpoint: 'FARM_NORTH', hasSourcePassword: true, positionSource: 'entered' });
    expect(station.position).toEqual({ latitude: 52.1, longitude: 5.2, height: 12 });

    const [row] = await t.database.db.select().from(schema.stations).where(eq(schema.stations.id, station.id));
    expect(row?.sourcePasswordHash).not.toContain(sourcePassword);
    expect(await verifySecret(row?.sourcePasswordHash ?? '', sourcePassword)).toBe(true);

    const detail = await call('GET', `/api/admin/networks/${hostedId}`);
    expect(detail.body).not.toContain(sourcePassword);
    expect(detail.json().stations).toHaveLength(1);

    const again = await call('POST', `/api/admin/networks/${hostedId}/stations/${station.id}/source-password`);
    const next = again.json().sourcePassword;
    expect(next).not.toBe(sourcePassword);
    const [after] = await t.database.db.select().from(schema.stations).where(eq(schema.stations.id, station.id));
    expect(await verifySecret(after?.sourcePasswordHash ?? '', sourcePassword)).toBe(false);
    expect(await verifySecret(after?.sourcePasswordHash ?? '', next)).toBe(true);

    const duplicate = await call('POST', `/api/admin/networks/${hostedId}/stations`, { mountpoint: 'FARM_NORTH' });
    expect(duplicate.statusCode).toBe(409);
    // The caster serves CODE_AUTO itself (nearest base): no station may take that name.
    const auto = await call('POST', `/api/admin/networks/${hostedId}/stations`, { mountpoint: 'FARM_AUTO' });
    expect(auto.statusCode).toBe(409);
    // Mountpoints are unique without regard to case, AUTO names too.
    const otherCase = await call('POST', `/api/admin/networks/${hostedId}/stations`, { mountpoint: 'farm_north' });
    expect(otherCase.statusCode).toBe(409);
    expect(otherCase.json().message).toBe(
      'The mountpoint farm_north is already taken (as FARM_NORTH: mountpoints differ in more than case).',
    );
    expect(
      (await call('POST', `/api/admin/networks/${hostedId}/stations`, { mountpoint: 'farm_auto' })).statusCode,
    ).toBe(409);
    // The database holds the rule even for a write that skips the service.
    await expect(
      t.database.db.insert(schema.stations).values({ networkId: hostedId, mountpoint: 'Farm_North' }),
    ).rejects.toThrow();
    const halfPosition = await call('POST', `/api/admin/networks/${hostedId}/stations`, {
      mountpoint: 'FARM_SOUTH',
      latitude: 52,
    });
    expect(halfPosition.statusCode).toBe(400);
    expect(halfPosition.json().code).toBe('VALIDATION_FAILED');

    // Without an entered position, the one decoded from 1005/1006 is the station's, marked as decoded.
    const bare = (await call('POST', `/api/admin/networks/${hostedId}/stations`, { mountpoint: 'FARM_SOUTH' })).json();
    expect(bare.station.position).toBeNull();
    await t.database.db
      .insert(schema.stationStates)
      .values({ stationId: bare.station.id, decodedLatitude: 51.9, decodedLongitude: 5.3, decodedHeight: 4 });
    const south = (await call('GET', `/api/admin/networks/${hostedId}`))
      .json()
      .stations.find((s: { mountpoint: string }) => s.mountpoint === 'FARM_SOUTH');
    expect(south).toMatchObject({ positionSource: 'decoded', position: { latitude: 51.9, longitude: 5.3 } });

    const edited = await call('PATCH', `/api/admin/networks/${hostedId}/stations/${bare.station.id}`, {
      isEnabled: false,
    });
    expect(edited.json().isEnabled).toBe(false);
    expect((await call('DELETE', `/api/admin/networks/${hostedId}/stations/${bare.station.id}`)).statusCode).toBe(204);
  });

  it('imports a v1 upstream sourcetable: preview of creates, updates and unchanged, then apply', async () => {
    const credentials = `relay-${randomBytes(4).toString('hex')}`;
    const secret = randomBytes(12).toString('hex');
    const upstream = await startUpstream({ version: 1, credentials: `${credentials}:${secret}` });
    try {
      const relayNoHost = await call('POST', '/api/admin/networks', {
        templateId: relayTemplateId,
        code: 'NOHOST',
        name: 'No host',
      });
      expect(relayNoHost.statusCode).toBe(400);

      const created = await call('POST', '/api/admin/networks', {
        templateId: relayTemplateId,
        code: 'UP',
        name: 'Upstream Relay',
        upstreamHost: '127.0.0.1',
        upstreamPort: upstream.port,
        upstreamUsername: credentials,
        upstreamPassword: secret,
      });
      expect(created.statusCode).toBe(201);
      const relay = created.json();
      // Version from the template (1); the password is stored sealed and never answered.
      expect(relay.upstream).toEqual({
        host: '127.0.0.1',
        port: upstream.port,
        version: 1,
        username: credentials,
        hasPassword: true,
      });
      expect(created.body).not.toContain(secret);
      const [stored] = await t.database.db.select().from(schema.networks).where(eq(schema.networks.id, relay.id));
      expect(stored?.upstreamPasswordEnc).toBeTruthy();
      expect(stored?.upstreamPasswordEnc).not.toContain(secret);

      // A mount name taken by another network, in any case, gets the network's code as a prefix.
      await call('POST', `/api/admin/networks/${hostedId}/stations`, { mountpoint: 'Delft' });
      upstream.state.table = [
        str('AMS1', '52.37', '4.90'),
        str('DELFT', '52.01', '4.36', 1),
        str('FARM_AUTO', '52.00', '5.00', 1),
        'CAS;caster.example;2101;Test;Op;0;NLD;52.0;5.0;;0;\r\n',
        'STR;BROKEN;x;RTCM 3;;two;GPS;N;NLD;abc;4.0;0;0;g;none;B;N;0;\r\n',
      ].join('');

      const preview = await call('POST', `/api/admin/networks/${relay.id}/import/preview`);
      expect(preview.statusCode).toBe(200);
      expect(upstream.state.requests[0]).toMatch(/^GET \/ HTTP\/1\.0\r\n/);
      expect(upstream.state.requests[0]).not.toMatch(/Ntrip-Version/i);
      expect(preview.json().summary).toEqual({ create: 3, update: 0, unchanged: 0, conflict: 0 });
      expect(preview.json().changes.map((c: { mountpoint: string }) => c.mountpoint)).toEqual([
        'AMS1',
        'UP_DELFT',
        'UP_FARM_AUTO',
      ]);
      // Nothing changes before apply.
      expect((await call('GET', `/api/admin/networks/${relay.id}`)).json().stations).toEqual([]);

      const applied = await call('POST', `/api/admin/networks/${relay.id}/import/apply`, {});
      expect(applied.json()).toEqual({
        created: ['AMS1', 'UP_DELFT', 'UP_FARM_AUTO'],
        updated: [],
        unchanged: 0,
        skipped: [],
      });
      const stations = (await call('GET', `/api/admin/networks/${relay.id}`)).json().stations;
      expect(stations).toHaveLength(3);
      // Each imported station is in the audit log (decision 0064).
      const logged = (await call('GET', `/api/admin/audit-log?kind=station.create&limit=200`)).json().entries;
      for (const station of stations) {
        expect(logged.some((entry: { target: { id: string } }) => entry.target.id === station.id)).toBe(true);
      }
      const delft = stations.find((s: { mountpoint: string }) => s.mountpoint === 'UP_DELFT');
      expect(delft).toMatchObject({
        upstreamMountpoint: 'DELFT',
        needsGga: true,
        format: 'RTCM 3.2',
        formatDetails: '1004(1),1005(10)',
        navSystem: 'GPS+GLO',
        countryCode: 'NLD',
        hasSourcePassword: false,
        position: { latitude: 52.01, longitude: 4.36 },
      });

      // The upstream moves a station and changes its messages; a new one appears.
      upstream.state.table = [
        str('AMS1', '52.37', '4.90'),
        str('DELFT', '52.02', '4.36', 1, '1004(1),1006(10),1033(10)'),
        str('FARM_AUTO', '52.00', '5.00', 1),
        str('ROTT', '51.92', '4.48'),
      ].join('');
      const second = (await call('POST', `/api/admin/networks/${relay.id}/import/preview`)).json();
      expect(second.summary).toEqual({ create: 1, update: 1, unchanged: 2, conflict: 0 });
      const update = second.changes.find((c: { action: string }) => c.action === 'update');
      expect(update.fields).toEqual([
        { field: 'formatDetails', from: '1004(1),1005(10)', to: '1004(1),1006(10),1033(10)' },
        { field: 'latitude', from: 52.01, to: 52.02 },
      ]);
      // Apply only the update: ROTT is left for later.
      const partial = (
        await call('POST', `/api/admin/networks/${relay.id}/import/apply`, { upstreamMountpoints: ['DELFT'] })
      ).json();
      expect(partial).toEqual({ created: [], updated: ['UP_DELFT'], unchanged: 2, skipped: ['ROTT'] });
    } finally {
      await upstream.close();
    }
  });

  it('speaks v2 to a v2 upstream and reports refused logins, refused connections and silence as 502', async () => {
    const upstream = await startUpstream({ version: 2, credentials: `a:${randomBytes(6).toString('hex')}` });
    try {
      const relay = (
        await call('POST', '/api/admin/networks', {
          templateId: relayTemplateId,
          code: 'UPV2',
          name: 'Upstream v2',
          upstreamHost: '127.0.0.1',
          upstreamPort: upstream.port,
          upstreamVersion: 2,
          upstreamUsername: 'a',
          upstreamPassword: 'wrong',
        })
      ).json();
      const refused = await call('POST', `/api/admin/networks/${relay.id}/import/preview`);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'UPSTREAM_FAILED' });
      expect(refused.json().message).toContain('401 Unauthorized');
      expect(upstream.state.requests[0]).toMatch(/^GET \/ HTTP\/1\.1\r\n/);
      expect(upstream.state.requests[0]).toMatch(/Ntrip-Version: Ntrip\/2\.0/);

      await upstream.close();
      const gone = await call('POST', `/api/admin/networks/${relay.id}/import/preview`);
      expect(gone.statusCode).toBe(502);
      expect(gone.json().message).toContain('connection refused');
    } finally {
      await upstream.close().catch(() => undefined);
    }

    const hostedNoUpstream = await call('POST', `/api/admin/networks/${hostedId}/import/preview`);
    expect(hostedNoUpstream.statusCode).toBe(400);
  });

  it('deletes a network with its stations', async () => {
    const res = await call('POST', '/api/admin/networks', { templateId: hostedTemplateId, code: 'TMP', name: 'Temp' });
    const id = res.json().id;
    await call('POST', `/api/admin/networks/${id}/stations`, { mountpoint: 'TMP_1' });
    expect((await call('DELETE', `/api/admin/networks/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/networks/${id}`)).statusCode).toBe(404);
    const left = await t.database.db.select().from(schema.stations).where(eq(schema.stations.mountpoint, 'TMP_1'));
    expect(left).toEqual([]);
  });
});

describe('sourcetable parsing', () => {
  it('reads STR records, skips other records and unreadable ones, keeps a misc with semicolons', () => {
    const streams = parseSourcetable(
      [
        'CAS;host;2101;id;op;0;NLD;52;5;;0;',
        'STR;MP1;Id;RTCM 3.3;1005(10);2;GPS;NET;DEU;50.12;368.50;1;1;gen;none;B;N;9600;a;b',
        'STR;MP2;;RTCM 3;;x;GPS;NET;DEU;50;8;0;0;gen;none;B;N;0;',
        'ENDSOURCETABLE',
      ].join('\r\n'),
    );
    expect(streams).toEqual([
      {
        mountpoint: 'MP1',
        identifier: 'Id',
        format: 'RTCM 3.3',
        formatDetails: '1005(10)',
        carrier: 2,
        navSystem: 'GPS',
        country: 'DEU',
        latitude: 50.12,
        longitude: 8.5,
        nmea: 1,
      },
    ]);
  });
});
