import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

// PGlite is one process's database: while the portal runs, `npm run backup` must not open DATA_DIR/db itself. The
// server therefore listens on 127.0.0.1 at a port of its choosing and writes where and a fresh token into
// DATA_DIR/backup-endpoint.json (mode 0600): whoever can read that file could read the database anyway
// (docs/decisions/0066). It answers one request, `GET /backup`, with the database's archive.

export const ENDPOINT_FILE = 'backup-endpoint.json';

interface EndpointRecord {
  pid: number;
  port: number;
  token: string;
}

interface Logger {
  error(object: object, message: string): void;
}

/** Starts the local backup endpoint of a running server; `close()` stops it and removes its file. */
export async function startBackupEndpoint(options: {
  dataDir: string;
  /** The archive to answer with (`pgliteArchive(database)`). */
  archive: () => Promise<Uint8Array>;
  logger: Logger;
}) {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  let busy = false;
  const server = createServer(async (request, response) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      response.writeHead(401).end();
      return;
    }
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    // One at a time: each holds a copy of the whole database in memory.
    if (busy) {
      response.writeHead(409, { 'content-type': 'text/plain' }).end('a backup is already being made');
      return;
    }
    busy = true;
    try {
      const archive = await options.archive();
      response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': archive.byteLength });
      response.end(archive);
    } catch (error) {
      options.logger.error({ err: error }, 'backup failed');
      response.writeHead(500, { 'content-type': 'text/plain' }).end('the backup failed; see the server log');
    } finally {
      busy = false;
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const file = join(options.dataDir, ENDPOINT_FILE);
  const record: EndpointRecord = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(record), { mode: 0o600 });
  renameSync(partial, file);
  return {
    async close() {
      // Another server may have started on the folder since (and refused to, but wrote its file): only ours goes.
      if (readEndpoint(options.dataDir)?.token === token) rmSync(file, { force: true });
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function readEndpoint(dataDir: string): EndpointRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as EndpointRecord;
    return typeof record.port === 'number' && typeof record.token === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server running on this DATA_DIR, if one is: its process id and how to ask it for the archive. */
export function runningServer(dataDir: string) {
  const record = readEndpoint(dataDir);
  if (!record || !isAlive(record.pid)) return undefined;
  return {
    pid: record.pid,
    async archive(): Promise<Uint8Array> {
      let response: Response;
      try {
        response = await fetch(`http://127.0.0.1:${record.port}/backup`, {
          headers: { authorization: `Bearer ${record.token}` },
        });
      } catch (error) {
        throw new Error(
          `The portal running on ${dataDir} (process ${record.pid}) did not answer (${(error as Error).message}). ` +
            `If no portal runs there, delete ${join(dataDir, ENDPOINT_FILE)} and try again.`,
        );
      }
      if (!response.ok) {
        throw new Error(
          `The portal running on ${dataDir} (process ${record.pid}) answered ${response.status}: ${await response.text()}`,
        );
      }
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
