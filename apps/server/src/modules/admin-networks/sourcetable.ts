import { connect } from 'node:net';
import { ChunkedDecoder, parseStrRecord, type StrRecord } from '@fixpoint/caster';
import { AppError, isIso3166Alpha3 } from '@fixpoint/shared';

/** The fields of an upstream STR record the import uses. */
export type UpstreamStream = Pick<
  StrRecord,
  | 'mountpoint'
  | 'identifier'
  | 'format'
  | 'formatDetails'
  | 'carrier'
  | 'navSystem'
  | 'country'
  | 'latitude'
  | 'longitude'
  | 'nmea'
>;

export interface SourcetableRequest {
  host: string;
  port: number;
  version: 1 | 2;
  username?: string | null;
  password?: string | null;
  timeoutMs?: number;
  /** Largest table read (bytes). */
  maxBytes?: number;
}

const upstreamFailed = (message: string) => new AppError('UPSTREAM_FAILED', 502, message);

/**
 * Reads an upstream caster's sourcetable over a raw socket: v1 casters answer `SOURCETABLE 200 OK`, which is not
 * HTTP, so fetch() cannot read it. Sends `GET /` with `Ntrip-Version: Ntrip/2.0` for v2, Basic auth when there are
 * credentials. Answers the table's text; failures become UPSTREAM_FAILED (502) with what went wrong.
 */
export function fetchSourcetable({
  host,
  port,
  version,
  username,
  password,
  timeoutMs = 10_000,
  maxBytes = 4 * 1024 * 1024,
}: SourcetableRequest): Promise<string> {
  const lines = [
    version === 2 ? 'GET / HTTP/1.1' : 'GET / HTTP/1.0',
    `Host: ${host}:${port}`,
    ...(version === 2 ? ['Ntrip-Version: Ntrip/2.0'] : []),
    'User-Agent: NTRIP Fixpoint/1.0',
    ...(username ? [`Authorization: Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`] : []),
    'Connection: close',
  ];
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const socket = connect({ host, port });
    const finish = (error: Error | null, text?: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error);
      else resolve(text ?? '');
    };
    socket.setTimeout(timeoutMs, () =>
      finish(upstreamFailed(`${host}:${port} sent nothing for ${timeoutMs / 1000} s`)),
    );
    socket.on('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) finish(upstreamFailed(`${host}:${port} sent a sourcetable larger than ${maxBytes} bytes`));
      // Some casters keep the connection open after ENDSOURCETABLE.
      else if (/ENDSOURCETABLE\r?\n/.test(chunk.toString('latin1').slice(-32))) {
        try {
          finish(null, readBody(Buffer.concat(chunks)));
        } catch (error) {
          finish(error as Error);
        }
      }
    });
    socket.on('end', () => {
      try {
        finish(null, readBody(Buffer.concat(chunks)));
      } catch (error) {
        finish(error as Error);
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === 'ECONNREFUSED'
          ? 'connection refused'
          : error.code === 'ENOTFOUND'
            ? 'host not found'
            : (error.code ?? error.message);
      finish(upstreamFailed(`${host}:${port}: ${reason}`));
    });
  });

  function readBody(raw: Buffer): string {
    const text = raw.toString('latin1');
    const headEnd = text.indexOf('\r\n\r\n');
    const statusLine = text.slice(0, text.indexOf('\r\n') === -1 ? text.length : text.indexOf('\r\n')).trim();
    if (statusLine === '') throw upstreamFailed(`${host}:${port} closed without an answer`);
    const status = /^(?:HTTP\/1\.[01]|SOURCETABLE|ICY)\s+(\d{3})/.exec(statusLine);
    if (!status) throw upstreamFailed(`${host}:${port} answered "${statusLine.slice(0, 80)}", not a sourcetable`);
    if (status[1] !== '200') throw upstreamFailed(`${host}:${port} answered ${statusLine.slice(0, 80)}`);
    if (statusLine.startsWith('ICY')) throw upstreamFailed(`${host}:${port} sent a stream, not a sourcetable`);
    const head = headEnd === -1 ? '' : text.slice(0, headEnd);
    const body = headEnd === -1 ? text.slice(statusLine.length) : text.slice(headEnd + 4);
    if (!/^transfer-encoding:\s*chunked/im.test(head)) return body;
    return Buffer.concat(new ChunkedDecoder().push(Buffer.from(body, 'latin1'))).toString('latin1');
  }
}

/**
 * The STR records of a sourcetable (read by the caster's own STR parser). Lines that are not STR, whose numbers
 * cannot be read, or whose mountpoint we could not use are skipped: a guessed position or carrier would be worse
 * than no record.
 */
export function parseSourcetable(text: string): UpstreamStream[] {
  const streams = new Map<string, UpstreamStream>();
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    const record = /^STR;/i.test(line) ? parseStrRecord(line) : undefined;
    if (
      !record ||
      !/^[A-Za-z0-9_.-]{1,100}$/.test(record.mountpoint) ||
      streams.has(record.mountpoint) ||
      Math.abs(record.latitude) > 90
    ) {
      continue;
    }
    streams.set(record.mountpoint, {
      mountpoint: record.mountpoint,
      identifier: record.identifier,
      format: record.format,
      formatDetails: record.formatDetails,
      carrier: Math.min(record.carrier, 2),
      navSystem: record.navSystem,
      // Only a real ISO 3166 code reaches our stations (issue 16); anything else is left empty.
      country: isIso3166Alpha3(record.country) ? record.country.trim().toUpperCase() : '',
      latitude: record.latitude,
      // Some tables give 0..360.
      longitude: record.longitude > 180 ? record.longitude - 360 : record.longitude,
      nmea: record.nmea,
    });
  }
  return [...streams.values()];
}
