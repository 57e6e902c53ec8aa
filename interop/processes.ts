// The interop tests' child processes (str2str, curl, caster processes) and waiting on what they do.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { RtcmFramer } from '@fixpoint/rtcm';

/** Every child this test file started that has not exited yet: afterAll kills what is left. */
export const children = new Set<ChildProcess>();

/** Counts a child in `children` until it exits. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/**
 * Runs a peer, collecting stdout and stderr as latin1 (str2str may print binary); `stdin` names a file fed to it.
 * str2str does not exit at the end of its input: `stop` sends SIGTERM, then SIGKILL if it is stuck retrying a login.
 */
export function run(command: string, args: string[], options: { stdin?: string } = {}) {
  const child = track(spawn(command, args, { stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] }));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('latin1');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('latin1');
  });
  if (options.stdin) child.stdin?.end(readFileSync(options.stdin));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  const stop = () => {
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
  };
  return { child, exited, output: () => output, stop };
}

/** Polls `check` every 50 ms until it gives a truthy value, or fails naming `what`. */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const fileSize = (path: string) => (existsSync(path) ? statSync(path).size : 0);

/** The whole RTCM frames a rover has written to `path` so far. */
export const framesIn = (path: string) => (existsSync(path) ? new RtcmFramer().push(readFileSync(path)) : []);

/** A str2str rover on the demo network's AUTO mount at Utrecht, sending GGA, writing what it gets to `output`. */
export const demoAutoRover = (
  credentials: { username: string; password: string },
  casterPort: number,
  output: string,
): ChildProcess =>
  track(
    spawn(
      'str2str',
      [
        '-in',
        `ntrip://${credentials.username}:${credentials.password}@127.0.0.1:${casterPort}/DEMO_AUTO`,
        '-out',
        `file://${output}`,
        '-p',
        '52.09',
        '5.12',
        '10',
        '-n',
        '1000',
      ],
      { stdio: 'ignore' },
    ),
  );

/** Whether a rover's file still grows over 2.5 s (the demo stations send every second). */
export async function keepsGrowing(path: string): Promise<boolean> {
  const before = fileSize(path);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  return fileSize(path) > before;
}

export interface CasterProcess {
  child: ChildProcess;
  port: number;
  tlsPort: number;
  output: () => string;
}

const repoRoot = resolve(import.meta.dirname, '..');

/**
 * A caster process as `npm run start:caster` runs it (apps/caster/src/main.ts), with `env` over this process's
 * environment; answers once it listens (and on TLS too when `CASTER_TLS_PORT` is set), with the ports it chose.
 */
export async function startCasterProcess(env: Record<string, string>): Promise<CasterProcess> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'apps/caster/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const portOf = (message: string) => {
    const line = output.split('\n').find((entry) => entry.includes(`"msg":"${message}"`));
    return line ? (JSON.parse(line) as { port: number }).port : undefined;
  };
  const instance = env.CASTER_INSTANCE ?? 'caster';
  const port = await until(() => portOf('caster listening'), 30_000, `${instance} listening`).catch((error) => {
    throw new Error(`${error.message}: ${output}`);
  });
  const tlsPort = env.CASTER_TLS_PORT ? await until(() => portOf('caster listening (TLS)'), 5_000) : 0;
  return { child, port, tlsPort, output: () => output };
}

/** An NTRIP 1.0 rover (raw socket) on a mount; `data` is what came after the ICY line. */
export async function ntripRover(port: number, mountpoint: string, user: { username: string; password: string }) {
  const head = Buffer.byteLength('ICY 200 OK\r\n\r\n');
  const received: Buffer[] = [];
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  let isClosed = false;
  socket.on('close', () => {
    isClosed = true;
  });
  socket.write(
    `GET /${mountpoint} HTTP/1.0\r\nUser-Agent: NTRIP interop-test\r\nAuthorization: Basic ${Buffer.from(
      `${user.username}:${user.password}`,
    ).toString('base64')}\r\n\r\n`,
  );
  await until(() => Buffer.concat(received).toString('latin1').startsWith('ICY 200 OK\r\n\r\n'), 15_000, 'ICY').catch(
    (error) => {
      throw new Error(
        `${error.message} from ${port}: got ${JSON.stringify(Buffer.concat(received).toString('latin1'))}`,
      );
    },
  );
  return {
    socket,
    data: () => Buffer.concat(received).subarray(head),
    get isClosed() {
      return isClosed;
    },
  };
}
