import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import type { CasterOptions } from './config';
import type { CasterLogger } from './logger';

type ListenerOptions = Pick<CasterOptions, 'host' | 'port' | 'maxClients' | 'headTimeoutMs' | 'tls'>;

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * The caster's sockets: the NTRIP port and, when configured, NTRIP over TLS with the same protocol handling. Each
 * connection is handed to `onConnection`; the sockets are kept so shutdown can end them.
 */
export function createListeners(
  options: ListenerOptions,
  logger: CasterLogger,
  onConnection: (socket: Socket) => void,
) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let tlsServer: TlsServer | undefined;
  let lastAcceptError = 0;

  const accept = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    onConnection(socket);
  };

  return {
    /** Listens on the NTRIP port; answers the port bound. */
    listen(): Promise<number> {
      server = createServer({ pauseOnConnect: false }, accept);
      if (options.maxClients > 0) server.maxConnections = options.maxClients;
      // Accept errors must not crash or stop the server. At the file limit (EMFILE) libuv frees a reserved
      // descriptor, accepts the pending connections and closes them, so the loop does not spin, existing streams
      // keep flowing and no error reaches this listener (file-limit.test.ts).
      server.on('error', (error: NodeJS.ErrnoException) => {
        if (Date.now() - lastAcceptError > 10_000)
          logger.warn({ err: error, code: error.code }, 'caster: accept failed');
        lastAcceptError = Date.now();
      });
      return listen(server, options.host, options.port);
    },

    /** Listens on the NTRIP-over-TLS port when one is configured; answers the port bound, else 0. */
    async listenTls(): Promise<number> {
      if (!options.tls) return 0;
      // The same protocol handling behind TLS: the handshake gets the head timeout, failed ones are dropped.
      const secure = createTlsServer(
        { cert: options.tls.cert, key: options.tls.key, handshakeTimeout: options.headTimeoutMs },
        accept,
      );
      tlsServer = secure;
      if (options.maxClients > 0) secure.maxConnections = options.maxClients;
      secure.on('tlsClientError', () => undefined);
      const tlsPort = await listen(secure, options.host, options.tls.port);
      secure.on('error', (error: NodeJS.ErrnoException) => {
        logger.warn({ err: error, code: error.code }, 'caster: TLS accept failed');
      });
      logger.info({ host: options.host, port: tlsPort }, 'caster listening (TLS)');
      return tlsPort;
    },

    /** Stops accepting; resolves once the open connections have ended too. */
    close(): Promise<void> {
      return Promise.all(
        [server, tlsServer].map((listening) =>
          listening ? new Promise<void>((resolve) => listening.close(() => resolve())) : Promise.resolve(),
        ),
      ).then(() => undefined);
    },

    destroySockets(): void {
      for (const socket of sockets) socket.destroy();
    },
  };
}
