import type { Socket } from 'node:net';

/** The libuv stream under a plain TCP socket: Node starts and stops reading it through these. */
interface ReadHandle {
  readStart(): number;
  readStop(): number;
  reading?: boolean;
}

interface Held {
  socket: Socket;
  handle: ReadHandle;
  onRelease: () => void;
  dueAt: number;
}

/**
 * Reads rover sockets in slices (issue 33, decision 0080): a rover that sends GGA every second costs the caster a
 * socket read, a Buffer and a callback per sentence, as much as the corrections it gets. `hold` stops reading the
 * socket for a slice from the next tick of one shared timer; a later tick starts it again, so one read then
 * carries the slice's sentences. The kernel keeps what arrives meanwhile (a few hundred bytes). Between the
 * release and the next hold the socket reads as usual, so a hang-up that came with the slice's last sentences is
 * seen at once; otherwise at the next release, or at the next write that fails.
 *
 * Stopping the reads themselves needs the socket's handle: `pause()` alone stops only the `data` events while Node
 * keeps reading into its buffer. Node keeps `handle.reading` true here, so it neither starts the reads again
 * itself nor takes the socket for stopped; the release starts them. TLS sockets (whose handle wraps another
 * stream) and anything without such a handle are read as before.
 */
export function createReadSlices(sliceMs: number) {
  /** Held sockets in the order they were held, which is also the order they are due in. */
  let held: Held[] = [];
  let head = 0;
  /** Sockets to hold at the next tick. */
  let toHold: Held[] = [];
  const holding = new Set<Socket>();
  let timer: NodeJS.Timeout | undefined;

  const release = ({ socket, handle, onRelease }: Held) => {
    holding.delete(socket);
    if (socket.destroyed) return;
    const status = handle.readStart();
    if (status !== 0) socket.destroy(new Error(`rover socket: read start failed (${status})`));
    else onRelease();
  };

  const tick = () => {
    const now = Date.now();
    while (head < held.length && (held[head] as Held).dueAt <= now) release(held[head++] as Held);
    for (const entry of toHold) {
      const { socket, handle } = entry;
      if (socket.destroyed || handle.reading === false || handle.readStop() !== 0) holding.delete(socket);
      else {
        entry.dueAt = now + sliceMs;
        held.push(entry);
      }
    }
    toHold = [];
    if (head > 1_024 && head * 2 > held.length) {
      held = held.slice(head);
      head = 0;
    }
    if (holding.size === 0) {
      held = [];
      head = 0;
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    /**
     * Holds `socket` for a slice from the next tick (held already: nothing changes); `onRelease` runs once it reads
     * again. False when it is read as before (see above).
     */
    hold(socket: Socket, onRelease: () => void): boolean {
      if (holding.has(socket)) return true;
      if (sliceMs <= 0 || socket.destroyed) return false;
      const handle = readHandleOf(socket);
      if (!handle) return false;
      holding.add(socket);
      toHold.push({ socket, handle, onRelease, dueAt: 0 });
      if (!timer) {
        // Sockets held within one tick are read again together: short ticks keep each batch of reads small.
        timer = setInterval(tick, Math.max(10, Math.min(100, Math.round(sliceMs / 10))));
        timer.unref();
      }
      return true;
    },

    /** Sockets held or about to be. */
    get heldCount(): number {
      return holding.size;
    },
  };
}

export type ReadSlices = ReturnType<typeof createReadSlices>;

function readHandleOf(socket: Socket): ReadHandle | undefined {
  if ((socket as Socket & { encrypted?: boolean }).encrypted) return undefined;
  const handle = (socket as Socket & { _handle?: Partial<ReadHandle> | null })._handle;
  return typeof handle?.readStart === 'function' && typeof handle.readStop === 'function'
    ? (handle as ReadHandle)
    : undefined;
}
