import { readSync } from 'node:fs';
import type { Socket } from 'node:net';

/** The libuv stream under a plain TCP socket: Node stops reading it through `readStop`; `fd` is its descriptor. */
interface ReadHandle {
  readStop(): number;
  fd: number;
}

/** What a polled socket's reads go to. */
export interface SliceReader {
  /** Bytes read; `chunk` is lent for the call (the next read overwrites it): copy what is kept. */
  onData(chunk: Buffer): void;
  /** The rover closed its side. */
  onEnd(): void;
  onError(error: NodeJS.ErrnoException): void;
}

interface Polled {
  socket: Socket;
  handle: ReadHandle;
  reader: SliceReader;
  dueAt: number;
}

/** An entry whose socket was forgotten: it waits out its place in the queue without holding the session. */
const FORGOTTEN: Omit<Polled, 'dueAt'> = {
  socket: { destroyed: true } as Socket,
  handle: { readStop: () => 0, fd: -1 },
  reader: { onData: () => {}, onEnd: () => {}, onError: () => {} },
};

/** One read takes at most this much; a rover that sent more is read again at once, up to MAX_READS_PER_SLICE. */
const READ_BYTES = 64 * 1024;
const MAX_READS_PER_SLICE = 4;

/**
 * Reads rover sockets in slices (issue 33, decisions 0080 and 0088): a rover that sends GGA every second would cost
 * the caster a wake-up, a read, a Buffer and a stream callback per sentence, as much as the corrections it gets.
 * `poll` stops Node's reads of the socket for good; from then on one shared timer reads it once a slice, with one
 * synchronous `read` into a buffer lent to the reader, and the slice's sentences come in one chunk. The kernel keeps
 * what arrives meanwhile (thirty GGA are about 2.4 KB), and a socket that Node does not read is not watched for
 * input at all: no event-loop wake-up, no epoll registration to undo and redo per slice, no Buffer per read.
 *
 * A hang-up is seen at the next read (a slice later at most), or at a write that fails. TLS sockets (whose handle
 * wraps another stream) and anything without a plain handle are read as before.
 */
export function createReadSlices(sliceMs: number) {
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  /** Polled sockets in the order they are due: each is queued again a slice after its read. */
  let queue: Polled[] = [];
  let head = 0;
  const polled = new Map<Socket, Polled>();
  let timer: NodeJS.Timeout | undefined;

  /** Reads what the kernel holds for `entry`'s socket; false once the socket is done with (ended, failed, closed). */
  const read = ({ socket, handle, reader }: Polled): boolean => {
    for (let reads = 0; reads < MAX_READS_PER_SLICE; reads++) {
      if (socket.destroyed) return false;
      let count: number;
      try {
        count = readSync(handle.fd, buffer, 0, READ_BYTES, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return true;
        reader.onError(error as NodeJS.ErrnoException);
        return false;
      }
      if (count === 0) {
        reader.onEnd();
        return false;
      }
      reader.onData(buffer.subarray(0, count));
      if (count < READ_BYTES) return !socket.destroyed;
    }
    return !socket.destroyed;
  };

  const tick = () => {
    const now = Date.now();
    // Sockets queued again during this tick wait their slice.
    const end = queue.length;
    while (head < end && (queue[head] as Polled).dueAt <= now) {
      const entry = queue[head++] as Polled;
      if (read(entry)) {
        entry.dueAt = now + sliceMs;
        queue.push(entry);
      } else polled.delete(entry.socket);
    }
    if (head > 1_024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    if (polled.size === 0) {
      queue = [];
      head = 0;
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    /**
     * Stops Node's reads of `socket` and reads it once a slice from now on (polled already: nothing changes). False
     * when it is read as before (see above).
     */
    poll(socket: Socket, reader: SliceReader): boolean {
      if (polled.has(socket)) return true;
      if (sliceMs <= 0 || socket.destroyed) return false;
      const handle = readHandleOf(socket);
      if (handle?.readStop() !== 0) return false;
      const entry = { socket, handle, reader, dueAt: Date.now() + sliceMs };
      polled.set(socket, entry);
      queue.push(entry);
      if (!timer) {
        // Short ticks spread the reads over the slice in small batches.
        timer = setInterval(tick, Math.max(10, Math.min(100, Math.round(sliceMs / 10))));
        timer.unref();
      }
      return true;
    },

    /**
     * A closed session's socket: its queue entry lets go of it and of the session at once, rather than at its next
     * slice (with 30 s slices and rovers reconnecting in numbers, that would keep many closed sessions in memory).
     */
    forget(socket: Socket): void {
      const entry = polled.get(socket);
      if (!entry) return;
      polled.delete(socket);
      Object.assign(entry, FORGOTTEN);
    },

    /** Sockets polled. */
    get polledCount(): number {
      return polled.size;
    },
  };
}

export type ReadSlices = ReturnType<typeof createReadSlices>;

function readHandleOf(socket: Socket): ReadHandle | undefined {
  if ((socket as Socket & { encrypted?: boolean }).encrypted) return undefined;
  const handle = (socket as Socket & { _handle?: Partial<ReadHandle> | null })._handle;
  return typeof handle?.readStop === 'function' && typeof handle.fd === 'number' && handle.fd >= 0
    ? (handle as ReadHandle)
    : undefined;
}
