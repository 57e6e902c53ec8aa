import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * A JSON answer that many requests share (docs/decisions/0052): encoded once (through the route's response schema,
 * as the serializer would per request, or built in its wire form: decision 0060), and compressed once per encoding.
 * Sending it costs no serialisation and no compression, whatever its size.
 */
export interface SharedAnswer {
  readonly json: string;
  readonly etag: string;
  /** The body in `encoding`: brotli made with the answer, gzip (for the few without brotli) on first use. */
  body(encoding: 'br' | 'gzip' | 'identity'): Buffer;
}

/** The brotli settings of @fastify/compress (quality 4: fast, for answers compressed as they are sent). */
const brotliOptions = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
};

const brotliAsync = promisify(brotliCompress);

/** A shared answer encoded through the route's response schema, as the serializer would encode it per request. */
export async function shareAnswer(schema: ZodType, value: unknown): Promise<SharedAnswer> {
  return shareWireValue(z.encode(schema, value));
}

/**
 * A shared answer from a value already in its wire form: plain JSON values with exactly the response schema's keys,
 * which a test holds against the schema. For a large answer rebuilt often (the feed of a big network is 300 KB of
 * JSON), where the schema pass would cost more than the rest. The JSON is made in a later turn and compressed on
 * libuv's pool, so requests waiting behind a build are served in between.
 */
export async function shareWireValue(encoded: unknown): Promise<SharedAnswer> {
  await nextTurn();
  const json = JSON.stringify(encoded);
  const plain = Buffer.from(json);
  const etag = `"${createHash('sha1').update(plain).digest('base64url')}"`;
  const bodies = new Map<string, Buffer>([['identity', plain]]);
  if (plain.length >= 1024) bodies.set('br', await brotliAsync(plain, brotliOptions));
  return {
    json,
    etag,
    body(encoding) {
      let body = bodies.get(encoding);
      if (!body) {
        body = encoding === 'br' ? brotliCompressSync(plain, brotliOptions) : gzipSync(plain);
        bodies.set(encoding, body);
      }
      return body;
    },
  };
}

/** The documented answer to a request whose If-None-Match names the shared answer's current ETag. */
export const notModifiedSchema = z.null().describe('Not modified: the ETag in If-None-Match is current');

/** br, else gzip, else none, as `accept-encoding` allows (a `;q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Sends a shared answer: its ETag (a matching If-None-Match gets 304), in the best encoding the client takes. */
export function sendShared(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  // Below @fastify/compress's threshold an answer goes out as it is, as every other small answer does.
  const encoding = answer.json.length < 1024 ? 'identity' : pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(answer.body(encoding));
}

/**
 * Shared answers by key, each built at most once per `ttlMs`, and forgotten at once by `invalidate()`: for reads
 * every visitor or every admin gets alike, whose data changes through the API (which invalidates) or at a pace the
 * ttl covers (the caster's writes). Callers never wait for a rebuild of an answer that merely aged: for one more
 * `ttlMs` they get the previous answer while the next one is built (a feed reading takes tens of milliseconds, and
 * every request arriving meanwhile would wait for it). Only the first build, a build after `invalidate()`, and one
 * after the previous answer aged twice over are waited for.
 */
export function createAnswerCache<Key extends string>({
  ttlMs,
  build,
  now = () => Date.now(),
}: {
  ttlMs: number;
  build: (key: Key) => Promise<SharedAnswer>;
  now?: () => number;
}) {
  interface Entry {
    answer: Promise<SharedAnswer>;
    builtAt: number;
    /** The answer once built: what callers get while its successor is built. */
    ready?: SharedAnswer;
    next?: Promise<unknown>;
  }
  const entries = new Map<Key, Entry>();

  function start(key: Key): Entry {
    const entry: Entry = { answer: build(key), builtAt: now() };
    entries.set(key, entry);
    entry.answer.then(
      (answer) => {
        entry.ready = answer;
      },
      // A failed build is not kept: the next caller tries again.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  }

  return {
    get(key: Key): Promise<SharedAnswer> {
      const entry = entries.get(key);
      const age = entry ? now() - entry.builtAt : Number.POSITIVE_INFINITY;
      if (entry && age < ttlMs) return entry.answer;
      if (entry?.ready && age < 2 * ttlMs) {
        if (!entry.next) {
          const previous = entry;
          const startedAt = now();
          const successor = build(key);
          previous.next = successor.then(
            (answer) => {
              // Unless invalidated meanwhile (then the entry is gone and the successor may predate the write).
              if (entries.get(key) === previous) {
                entries.set(key, { answer: successor, builtAt: startedAt, ready: answer });
              }
            },
            () => {
              previous.next = undefined;
            },
          );
        }
        return Promise.resolve(entry.ready);
      }
      return start(key).answer;
    },
    /**
     * Forgets every answer: the next caller builds anew. A build still running serves only the callers that came
     * before this call.
     */
    invalidate() {
      entries.clear();
    },
  };
}

export type AnswerCache<Key extends string> = ReturnType<typeof createAnswerCache<Key>>;

/** Tells the caches of shared answers that what they were built from has changed (an admin's write). */
export function createChangeSignal() {
  const listeners = new Set<() => void>();
  return {
    onChange: (listener: () => void) => void listeners.add(listener),
    changed() {
      for (const listener of listeners) listener();
    },
  };
}

export type ChangeSignal = ReturnType<typeof createChangeSignal>;
