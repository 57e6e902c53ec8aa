// An HTTP/2 front for the portal, as a TLS-terminating reverse proxy gives browsers in production: the server itself
// speaks HTTP/1.1, where a browser opens at most 6 connections per origin and queues the rest (a signed-in page's
// 60-80 requests wait in line), while over HTTP/2 every request shares one connection. TLS with a fresh self-signed
// certificate (the browser is started with --ignore-certificate-errors); each stream is forwarded as-is to the
// server over keep-alive HTTP/1.1, and the answer streamed back with its headers, less the HTTP/1.1-only ones.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../apps/caster/src/testing/certificate';

const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);

export interface Http2Proxy {
  url: string;
  close(): Promise<void>;
}

export async function startHttp2Proxy(target: URL): Promise<Http2Proxy> {
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-h2-'));
  const { certPath, keyPath } = selfSignedCertificate(dir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ cert: readFileSync(certPath), key: readFileSync(keyPath) });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const forwarded: IncomingHttpHeaders = { host: target.host };
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !hopByHop.has(name)) forwarded[name] = value;
    }
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: forwarded,
        agent,
      },
      (response) => {
        const answer: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!hopByHop.has(name) && value !== undefined) answer[name] = value;
        }
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on('error', () => stream.destroyed || stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR));
    stream.on('error', () => request.destroy());
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    async close() {
      for (const session of sessions) session.destroy();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
