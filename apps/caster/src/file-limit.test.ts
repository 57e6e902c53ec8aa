import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectSourceV1,
  eventually,
  rtcmSeconds,
  sleep,
  TestClient,
  v1RoverHead,
  v2RoverHead,
} from './testing/harness';

// NTRIP.md: "A caster at its file limit must refuse new connections cleanly and keep serving the ones it has, not
// spin on failed accepts." The caster runs in a child process under `ulimit -n 128` (file-limit-caster.ts), so the
// test process can open more connections than the caster can hold.

const here = dirname(fileURLToPath(import.meta.url));
// Headroom for loading the modules (tsx reads them in parallel): 96 left PostgreSQL runs failing with EMFILE at start.
const FILE_LIMIT = 128;
const CLK_TCK = 100;

let child: ChildProcessWithoutNullStreams;
let output = '';
let port: number;
let username: string;
let password: string;
let sourcePassword: string;
const clients: TestClient[] = [];

/** CPU seconds (user + system) the process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** Opens idle connections `batch` at a time until the caster closes one it could not accept. */
async function fillUp(max: number, batch = 8): Promise<{ held: TestClient[]; refused: number }> {
  const held: TestClient[] = [];
  for (let opened = 0; opened < max; opened += batch) {
    const fresh = await Promise.all(Array.from({ length: batch }, () => TestClient.connect(port)));
    clients.push(...fresh);
    await sleep(200);
    const refused = fresh.filter((client) => client.socket.destroyed || client.socket.readableEnded);
    held.push(...fresh.filter((client) => !refused.includes(client)));
    if (refused.length > 0) return { held, refused: refused.length };
  }
  return { held, refused: 0 };
}

/** True once the server has closed the connection (FIN or RST) without a reply. */
async function isRefused(client: TestClient, timeoutMs = 10_000): Promise<boolean> {
  const closed = await Promise.race([client.closed.then(() => true), sleep(timeoutMs).then(() => false)]);
  return closed && client.receivedLength === 0;
}

beforeAll(async () => {
  child = spawn(
    'bash',
    ['-c', `ulimit -n ${FILE_LIMIT} && exec "${process.execPath}" --import tsx testing/file-limit-caster.ts`],
    { cwd: here, env: process.env },
  );
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ready = await new Promise<string>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`caster did not start: ${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /READY .*\n/.exec(output)?.[0];
      if (!line) return;
      clearTimeout(timer);
      resolveReady(line);
    });
    child.once('exit', (code) => reject(new Error(`caster exited (${code}): ${output}`)));
  });
  const [, portText, user, pass, source] = ready.trim().split(' ');
  port = Number(portText);
  username = user as string;
  password = pass as string;
  sourcePassword = source as string;
}, 30_000);

afterAll(async () => {
  for (const client of clients) client.close();
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.stdin.end();
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('caster at its file limit', () => {
  it('refuses new connections cleanly, keeps streaming to its rovers, does not spin, and recovers', async () => {
    const epochs = rtcmSeconds(4001, 12);
    const source = await connectSourceV1(port, 'LIMIT1', sourcePassword);
    clients.push(source);
    const rover = await TestClient.request(port, v1RoverHead('LIMIT1', username, password));
    clients.push(rover);
    await rover.waitForText('ICY 200 OK\r\n');
    source.write(epochs[0] as Buffer);
    await rover.waitFor((received) => received.includes(epochs[0] as Buffer), 5_000, 'first epoch');

    // Fill the caster's descriptor table with idle connections (the head timeout is long in the child).
    const { held, refused } = await fillUp(FILE_LIMIT * 2);
    expect(refused).toBeGreaterThan(0);
    // The refusals come from the file limit: the caster's descriptor table is full.
    expect(readdirSync(`/proc/${child.pid}/fd`).length).toBeGreaterThanOrEqual(FILE_LIMIT - 1);
    expect(held.length).toBeGreaterThan(10);
    expect(held.length).toBeLessThan(FILE_LIMIT);
    expect(child.exitCode).toBeNull();

    // Still at the limit: every new connection is closed at once, with no reply and no crash...
    const extra = await Promise.all(Array.from({ length: 5 }, () => TestClient.connect(port)));
    clients.push(...extra);
    const refusedNow = await Promise.all(extra.map((client) => isRefused(client)));
    expect(refusedNow).toEqual([true, true, true, true, true]);

    // ... the rover keeps receiving new bytes, and the process stays idle (a spinning accept loop burns a core).
    const pid = child.pid as number;
    const cpuBefore = cpuSeconds(pid);
    const windowStart = performance.now();
    const pending = await Promise.all(Array.from({ length: 3 }, () => TestClient.connect(port)));
    clients.push(...pending);
    for (const epoch of epochs.slice(1, 4)) {
      source.write(epoch);
      await sleep(700);
    }
    const cpuUsed = cpuSeconds(pid) - cpuBefore;
    const windowSeconds = (performance.now() - windowStart) / 1000;
    await rover.waitFor((received) => received.includes(epochs[3] as Buffer), 5_000, 'epochs sent at the limit');
    expect(rover.socket.destroyed).toBe(false);
    expect(cpuUsed / windowSeconds).toBeLessThan(0.25);
    expect(child.exitCode).toBeNull();
    // libuv refuses at EMFILE by itself (it frees a reserved descriptor, accepts and closes the pending
    // connections): Node sees no error, so nothing is logged. The caster must not have crashed or logged errors.
    expect(output).not.toMatch(/"level":50/);

    // Closing the idle connections frees descriptors: a new rover logs in and gets the stream. The caster frees them
    // as it reads the closes, which a loaded machine may not have done yet: until then a login is refused, so retry.
    for (const client of [...held, ...extra, ...pending]) client.close();
    const next = await eventually(async () => {
      const attempt = await TestClient.request(port, v2RoverHead('LIMIT1', username, password));
      clients.push(attempt);
      await Promise.race([attempt.waitForText('HTTP/1.1 200 OK\r\n', 5_000), attempt.closed]).catch(() => {});
      return attempt.text().startsWith('HTTP/1.1 200 OK\r\n') && attempt;
    }, 10_000);
    source.write(epochs[4] as Buffer);
    await next.waitFor((received) => received.includes(epochs[4] as Buffer), 5_000, 'epoch after recovery');
    await rover.waitFor((received) => received.includes(epochs[4] as Buffer), 5_000, 'epoch after recovery');
  }, 30_000);
});
