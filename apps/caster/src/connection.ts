import type { Socket } from 'node:net';
import { badRequest, type ReplyContext, sourceMountTakenV1 } from './protocol/replies';
import {
  type GetHead,
  hasNulCharacter,
  type PostHead,
  RequestHeadReader,
  type SourceV1Head,
} from './protocol/request-head';

export interface ConnectionHandlers {
  headTimeoutMs: number;
  replyContext: () => ReplyContext;
  onGet(socket: Socket, head: GetHead, leftover: Buffer): Promise<void>;
  onSource(socket: Socket, head: SourceV1Head | PostHead, leftover: Buffer): Promise<void>;
  refuse(socket: Socket, reply: Buffer): void;
  onError(error: unknown, socket: Socket): void;
}

/**
 * A new TCP connection: read the head (capped at 8 KiB and `headTimeoutMs`), then hand the socket, paused, to the
 * rover or source side with whatever bytes followed the head.
 */
export function acceptConnection(socket: Socket, handlers: ConnectionHandlers): void {
  const reader = new RequestHeadReader();
  // A head that never completes holds a file descriptor: the timer bounds it.
  const timer = setTimeout(() => socket.destroy(), handlers.headTimeoutMs);
  timer.unref();
  socket.on('error', () => socket.destroy());
  socket.on('close', () => clearTimeout(timer));

  const onData = (chunk: Buffer) => {
    const result = reader.push(chunk);
    if (result.status === 'incomplete') return;
    socket.off('data', onData);
    socket.pause();
    clearTimeout(timer);
    if (result.status === 'error') {
      handlers.refuse(socket, badRequest(1, handlers.replyContext()));
      return;
    }
    const { head, leftover } = result;
    let handling: Promise<void>;
    switch (head.kind) {
      case 'get':
        handling = handlers.onGet(socket, head, leftover);
        break;
      case 'source-v1':
      case 'post':
        // A NUL cannot be looked up or stored: the protocol's refusal, never a 503 from the database.
        if (hasNulCharacter(head)) {
          handlers.refuse(
            socket,
            head.kind === 'source-v1' ? sourceMountTakenV1() : badRequest(head.version, handlers.replyContext()),
          );
          return;
        }
        handling = handlers.onSource(socket, head, leftover);
        break;
      default:
        handlers.refuse(
          socket,
          head.method === 'SOURCE' ? sourceMountTakenV1() : badRequest(head.version, handlers.replyContext()),
        );
        return;
    }
    handling.catch((error: unknown) => handlers.onError(error, socket));
  };
  socket.on('data', onData);
}

/** Sends a final reply and closes; a peer that never closes its side is cut off after a few seconds. */
export function replyAndClose(socket: Socket, reply: Buffer): void {
  if (socket.destroyed) return;
  socket.end(reply);
  // Read (and drop) whatever the peer still sends, so its close is seen and the socket freed at once.
  socket.resume();
  setTimeout(() => socket.destroy(), 5_000).unref();
}
