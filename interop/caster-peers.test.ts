import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Caster, createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, type DatabaseHandle, hashSecret, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { RtcmFramer } from '@fixpoint/rtcm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, fileSize, run, until } from './processes';
import { rtcmTestdata } from './shared-dir';

// The caster against the real peers of NTRIP.md: RTKLIB str2str (v1 base and rover) and curl (v2 uploader and
// rover). The caster forwards whole, CRC-valid frames, so every rover must receive exactly the frames of the
// file the base sent (the file's stray leading bytes and cut-off tail are not frames). Rovers connect before the
// base starts, so the comparison is of the whole stream, not a suffix.

// RTKLIB neither percent-decodes nor allows ':' or '@' in the password of its URL-like paths.
const SOURCE_PASSWORD = 'basepw1';
const secretBox = createSecretBox('c'.repeat(64));
const files = ['testglo.rtcm3', 'GMSD7_20121014.rtcm3'];

let database: DatabaseHandle;
let caster: Caster;
let port: number;
let networkId: string;
let work: string;
let rover: { username: string; password: string; accountId: string };

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fixpoint-interop-'));
  database = await createTestDatabase();
  const [network] = await database.db
    .insert(schema.networks)
    .values({ code: 'IOP', name: 'Interop', kind: 'hosted', dailyPrice: 1, isPublished: true })
    .returning();
  networkId = network?.id ?? '';
  const sourcePasswordHash = await hashSecret(SOURCE_PASSWORD, { logN: 10 });
  await database.db
    .insert(schema.stations)
    // Positioned: the sourcetable advertises only stations with a position.
    .values(
      ['STR2STR_V1', 'CURL_V2', 'SPARE'].map((mountpoint) => ({
        networkId,
        mountpoint,
        sourcePasswordHash,
        latitude: 52.1,
        longitude: 5.1,
      })),
    );
  rover = await account(5);
  caster = createCaster({
    db: database.db,
    secretBox,
    logger: silentLogger,
    // str2str and curl send a file at full speed (a 262 KB burst); with the production queue bound (16 KiB) that
    // burst would get the rovers dropped as slow clients, which is tested in the unit suite, not here.
    options: {
      host: '127.0.0.1',
      port: 0,
      catalogTtlMs: 0,
      accountPollMs: 200,
      sessionFlushMs: 200,
      instance: 'interop',
      maxQueueBytes: 4 * 1024 * 1024,
    },
  });
  ({ port } = await caster.start());
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await caster?.stop();
  await database?.close();
  rmSync(work, { recursive: true, force: true });
});

async function account(maxConnections: number, window: { endsInMs: number } = { endsInMs: 3_600_000 }) {
  const username = `IOP${Math.random().toString(36).slice(2, 10)}`;
  const password = randomBytes(8).toString('hex');
  const [row] = await database.db
    .insert(schema.ntripAccounts)
    .values({
      username,
      passwordEnc: secretBox.encrypt(password),
      name: 'interop',
      ownerOrgId: null,
      ownerUserId: await user(),
      maxConnections,
    })
    .returning();
  const accountId = row?.id ?? '';
  await database.db.insert(schema.accessWindows).values({
    accountId,
    networkId,
    source: 'admin',
    startsAt: new Date(Date.now() - 86_400_000),
    endsAt: new Date(Date.now() + window.endsInMs),
  });
  return { username, password, accountId };
}

async function user(): Promise<string> {
  const id = `user-${Math.random().toString(36).slice(2)}`;
  await database.db.insert(schema.users).values({ id, name: 'Interop', email: `${id}@example.test` });
  return id;
}

/** 'equal', or where two byte strings part, for a readable failure. */
function describeDifference(actual: Buffer, expected: Buffer): string {
  if (actual.equals(expected)) return 'equal';
  let at = 0;
  while (at < actual.length && at < expected.length && actual[at] === expected[at]) at++;
  return `${actual.length} B received, ${expected.length} B expected, first difference at byte ${at}`;
}

function framesOf(path: string): Buffer {
  const framer = new RtcmFramer();
  return Buffer.concat(framer.push(readFileSync(path)).map((frame) => frame.bytes));
}

const ntripUrl = (user: string, password: string, mountpoint: string) =>
  `ntrip://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${mountpoint}`;

function str2strRover(mountpoint: string, out: string, credentials = rover) {
  return run('str2str', [
    '-in',
    ntripUrl(credentials.username, credentials.password, mountpoint),
    '-out',
    `file://${out}`,
  ]);
}

function curlRover(mountpoint: string, out: string, credentials = rover) {
  return run('curl', [
    '-sN',
    '-H',
    'Ntrip-Version: Ntrip/2.0',
    '-H',
    'User-Agent: NTRIP curl',
    '-u',
    `${credentials.username}:${credentials.password}`,
    `http://127.0.0.1:${port}/${mountpoint}`,
    '-o',
    out,
  ]);
}

/**
 * str2str reads a `file://` input at full speed from its start, while its NTRIP output is still connecting, and
 * drops what it read before: so it reads from a local TCP feeder instead, which sends the file once the caster has
 * accepted the source, chunk by chunk, each only after the caster has received the one before.
 *
 * str2str's NTRIP output can also drop a write silently when its socket is briefly not writable (a zero-timeout
 * select before each send), on a loaded machine. The pacing tells that apart from a caster fault: the caster's
 * received-byte count stops short of what was sent. `dropped()` then says how many bytes str2str lost, and the test
 * starts a fresh attempt. The feeder serves exactly one connection, so a reconnecting str2str cannot send the file
 * twice.
 */
async function str2strBase(file: string, mountpoint: string) {
  let dropped: number | undefined;
  const received = () => caster.metrics.bytesIn - bytesInBefore;
  const bytesInBefore = caster.metrics.bytesIn;
  const feeder = createServer((socket) => {
    feeder.close();
    void until(() => caster.sourceCount === 1, 15_000, 'str2str source accepted').then(async () => {
      const data = readFileSync(file);
      for (let offset = 0; offset < data.length && !socket.destroyed; offset += 4096) {
        const sent = Math.min(offset + 4096, data.length);
        socket.write(data.subarray(offset, sent));
        const arrived = await until(() => received() >= sent, 5_000).catch(() => false);
        if (!arrived) {
          dropped = sent - received();
          break;
        }
      }
      socket.end();
    });
  });
  await new Promise<void>((resolveListen) => feeder.listen(0, '127.0.0.1', resolveListen));
  const feederPort = (feeder.address() as AddressInfo | null)?.port;
  const base = run('str2str', [
    '-in',
    `tcpcli://127.0.0.1:${feederPort}`,
    '-out',
    `ntrips://:${SOURCE_PASSWORD}@127.0.0.1:${port}/${mountpoint}`,
  ]);
  void base.exited.then(() => feeder.close());
  return { ...base, dropped: () => dropped };
}

function curlBase(file: string, mountpoint: string) {
  return run(
    'curl',
    [
      '-sS',
      '-T',
      '-',
      '-X',
      'POST',
      '-H',
      'Ntrip-Version: Ntrip/2.0',
      '-H',
      'User-Agent: NTRIP curl',
      '-u',
      `${mountpoint}:${SOURCE_PASSWORD}`,
      `http://127.0.0.1:${port}/${mountpoint}`,
    ],
    { stdin: file },
  );
}

describe.each(files)('every base x rover combination streams %s byte for byte', (name) => {
  const file = resolve(rtcmTestdata, name);
  const expected = framesOf(file);

  it.each([
    ['str2str (v1 SOURCE)', 'STR2STR_V1', str2strBase],
    ['curl (v2 chunked POST)', 'CURL_V2', curlBase],
  ] as const)('base %s -> str2str (v1) and curl (v2) rovers', async (_label, mountpoint, startBase) => {
    /** One attempt from zero sources and rovers, with its own files; 'dropped' when str2str lost bytes on its way. */
    async function attempt(number: number): Promise<'streamed' | { dropped: number }> {
      await until(() => caster.sourceCount === 0 && caster.roverCount === 0, 15_000, 'no source or rover left');
      const tag = `${name}-${mountpoint}-${number}`;
      const v1Out = join(work, `${tag}-str2str.rtcm3`);
      const v2Out = join(work, `${tag}-curl.rtcm3`);
      const peers: ReturnType<typeof run>[] = [];
      try {
        const v1 = str2strRover(mountpoint, v1Out);
        const v2 = curlRover(mountpoint, v2Out);
        peers.push(v1, v2);
        await until(() => caster.roverCount === 2, 15_000, 'both rovers connected').catch((error) => {
          throw new Error(`${error.message}: str2str said ${v1.output()}; curl said ${v2.output()}`);
        });
        const base = await startBase(file, mountpoint);
        peers.push(base);
        const dropped = () => ('dropped' in base ? base.dropped() : undefined);
        await until(
          () =>
            dropped() !== undefined || (fileSize(v1Out) >= expected.length + 2 && fileSize(v2Out) >= expected.length),
          30_000,
          `${expected.length} bytes at both rovers (have ${fileSize(v1Out)} and ${fileSize(v2Out)})`,
        ).catch((error) => {
          throw new Error(`${error.message}; base said ${base.output()}; sources ${caster.sourceCount}`);
        });
        const lost = dropped();
        if (lost !== undefined) return { dropped: lost };
        // A moment for anything extra (there must be none).
        await new Promise((r) => setTimeout(r, 300));
        // RTKLIB's client consumes `ICY 200 OK\r\n` and keeps the head's closing blank line as data: its file starts
        // with those two bytes, which RTCM decoders skip as garbage.
        const fromStr2str = readFileSync(v1Out);
        expect(fromStr2str.subarray(0, 2).toString('latin1')).toBe('\r\n');
        expect(describeDifference(fromStr2str.subarray(2), expected)).toBe('equal');
        expect(describeDifference(readFileSync(v2Out), expected)).toBe('equal');
        return 'streamed';
      } finally {
        for (const peer of peers) peer.stop();
        await Promise.all(peers.map((peer) => peer.exited));
      }
    }

    const losses: number[] = [];
    for (let number = 1; number <= 3; number++) {
      const result = await attempt(number);
      if (result === 'streamed') break;
      losses.push(result.dropped);
    }
    // str2str losing bytes on three attempts in a row would be news: say so rather than blame the caster.
    expect(losses.length, `str2str dropped ${losses.join(', ')} bytes before they reached the caster`).toBeLessThan(3);
    await until(() => caster.sourceCount === 0 && caster.roverCount === 0, 5_000, 'source and rovers gone');
  });
});

describe('refusals seen by real peers', () => {
  const status = async (args: string[]) => {
    const curl = run('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', ...args]);
    await curl.exited;
    return curl.output();
  };
  const v2 = ['-H', 'Ntrip-Version: Ntrip/2.0', '-H', 'User-Agent: NTRIP curl'];

  it('wrong password: 401 to curl; str2str is refused and the failure recorded', async () => {
    expect(await status([...v2, '-u', `${rover.username}:wrong`, `http://127.0.0.1:${port}/SPARE`])).toBe('401');
    const out = join(work, 'wrong.rtcm3');
    const s2s = str2strRover('SPARE', out, { ...rover, password: 'wrong' });
    const failure = await until(async () => {
      const rows = await database.db
        .select()
        .from(schema.loginFailures)
        .where(eq(schema.loginFailures.accountId, rover.accountId));
      return rows.find((row) => row.userAgent.startsWith('NTRIP RTKLIB'));
    });
    s2s.stop();
    await s2s.exited;
    expect(failure.reason).toBe('bad-password');
    expect(fileSize(out)).toBe(0);
  });

  it('unknown mountpoint: 404 to a v2 curl, the sourcetable to a v1 client', async () => {
    expect(await status([...v2, '-u', `${rover.username}:${rover.password}`, `http://127.0.0.1:${port}/NOPE`])).toBe(
      '404',
    );
    // curl 0.9 mode shows a non-HTTP reply as it is: the v1 answer is the sourcetable.
    const v1 = run('curl', [
      '-s',
      '--http0.9',
      '-H',
      'User-Agent: NTRIP RTKLIB/2.4.3',
      '-u',
      `${rover.username}:${rover.password}`,
      `http://127.0.0.1:${port}/NOPE`,
    ]);
    await v1.exited;
    expect(v1.output()).toMatch(/^SOURCETABLE 200 OK\r\n/);
    expect(v1.output()).toContain('STR;SPARE;');
    expect(v1.output().endsWith('ENDSOURCETABLE\r\n')).toBe(true);
  });

  it('expired access: 401 to curl, recorded as no-access', async () => {
    const expired = await account(1, { endsInMs: -1_000 });
    expect(
      await status([...v2, '-u', `${expired.username}:${expired.password}`, `http://127.0.0.1:${port}/SPARE`]),
    ).toBe('401');
    const [failure] = await database.db
      .select()
      .from(schema.loginFailures)
      .where(eq(schema.loginFailures.accountId, expired.accountId));
    expect(failure?.reason).toBe('no-access');
  });

  it('a second login replaces the first: the first curl sees its stream end', async () => {
    const single = await account(1);
    const first = curlRover('SPARE', join(work, 'first.rtcm3'), single);
    await until(async () => {
      const rows = await database.db
        .select()
        .from(schema.casterSessions)
        .where(eq(schema.casterSessions.accountId, single.accountId));
      return rows.length === 1;
    });
    const second = str2strRover('SPARE', join(work, 'second.rtcm3'), single);
    const code = await Promise.race([first.exited, new Promise((r) => setTimeout(() => r('still running'), 10_000))]);
    expect(code).not.toBe('still running');
    const rows = await until(async () => {
      const list = await database.db
        .select()
        .from(schema.casterSessions)
        .where(eq(schema.casterSessions.accountId, single.accountId));
      return list.length === 2 && list.some((row) => row.closeReason === 'replaced') && list;
    });
    const survivor = rows.find((row) => row.closeReason !== 'replaced');
    expect(survivor?.userAgent).toMatch(/^NTRIP RTKLIB/);
    expect(survivor?.endedAt).toBeNull();
    second.stop();
    await second.exited;
  });
});
