import { createServer, type Server, type Socket } from 'node:net';

// A small upstream caster for the relay tests: real TCP, replies shaped by the test (ICY, HTTP chunked or plain,
// refusals), and every byte a relay sends after its request kept per connection (GGA capture).

export interface UpstreamConnection {
  readonly socket: Socket;
  /** The request head as received. */
  readonly head: string;
  readonly mountpoint: string;
  /** Bytes after the head (GGA lines). */
  received: string;
  isClosed: boolean;
  /** Called with each read after the head. */
  onData?: (text: string) => void;
}

export type UpstreamHandler = (connection: UpstreamConnection) => void;

export class TestUpstream {
  readonly connections: UpstreamConnection[] = [];
  /** TCP connections accepted, including those that never sent a head. */
  accepted = 0;
  #server: Server;
  #sockets = new Set<Socket>();
  port = 0;

  private constructor(handler: UpstreamHandler) {
    this.#server = createServer((socket) => {
      this.accepted++;
      this.#sockets.add(socket);
      socket.on('error', () => {});
      let buffered = '';
      let connection: UpstreamConnection | undefined;
      socket.on('close', () => {
        this.#sockets.delete(socket);
        if (connection) connection.isClosed = true;
      });
      socket.on('data', (chunk: Buffer) => {
        const text = chunk.toString('latin1');
        if (connection) {
          connection.received += text;
          connection.onData?.(text);
          return;
        }
        buffered += text;
        const end = buffered.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buffered.slice(0, end + 4);
        const mountpoint = /^GET \/(\S*)/.exec(head)?.[1] ?? '';
        connection = { socket, head, mountpoint, received: buffered.slice(end + 4), isClosed: false };
        this.connections.push(connection);
        handler(connection);
        if (connection.received) connection.onData?.(connection.received);
      });
    });
  }

  static async start(handler: UpstreamHandler, port = 0): Promise<TestUpstream> {
    const upstream = new TestUpstream(handler);
    await new Promise<void>((resolve, reject) => {
      upstream.#server.once('error', reject);
      upstream.#server.listen({ host: '127.0.0.1', port }, () => resolve());
    });
    const address = upstream.#server.address();
    upstream.port = typeof address === 'object' && address ? address.port : port;
    return upstream;
  }

  /** Live connections (the relay's current upstream sockets). */
  get open(): UpstreamConnection[] {
    return this.connections.filter((connection) => !connection.isClosed);
  }

  /** Stops listening and drops every connection: the upstream "dies". */
  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
