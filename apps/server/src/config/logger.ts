import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { Env } from './env';

/**
 * pino options: JSON lines, pretty only on a terminal (or LOG_PRETTY), credentials never written, and no line longer
 * than a few KB whatever a request carried (`boundLogText`, `serializeError`). JSON lines go
 * to stdout asynchronously: each line is queued and written with those that arrived meanwhile, instead of one
 * blocking system call per line on the request's path (decision 0052's profile; pino flushes what is queued when
 * the process exits).
 */
export function createLoggerOptions(env: Env): FastifyServerOptions['logger'] {
  const pretty = env.LOG_PRETTY ?? Boolean(process.stdout.isTTY);
  return {
    level: env.LOG_LEVEL,
    serializers: { req: serializeRequest, err: serializeError },
    // A message and a field's text (an e-mail address, a name) are cut to a few hundred characters.
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? boundLogText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
    formatters: {
      log: (fields) =>
        Object.fromEntries(
          Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? boundLogText(value) : value]),
        ),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.secret'],
      censor: '[redacted]',
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : { stream: pino.destination({ dest: 1, sync: false }) }),
  };
}

/**
 * One log line per request, once it is answered: method, URL (secrets taken out), status and time taken. Fastify's
 * own request logging (disabled in buildApp) writes two, one on arrival and one on completion.
 */
export function logRequests(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

/** Reset links carry their token in the path and as `?token=`: a log line must never hold a usable one. */
export const redactUrl = (url: string) =>
  url.replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]').replace(/([?&]token=)[^&#]*/g, '$1[redacted]');

/** The longest text a log line keeps of one field, message or error message. */
export const logTextLimit = 300;

/** Text cut to `limit` characters, saying how much was left out. */
export function boundLogText(text: string, limit = logTextLimit): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}

/** Fields of database errors that repeat a query's values (drizzle's `params`, the driver's `parameters`). */
const parameterFields = new Set(['params', 'parameters', 'queryOptions']);
const maxStackFrames = 12;

/**
 * An error as a log line holds it: type, message and stack, its own fields and its cause, every text cut to
 * `logTextLimit` and a query's parameters left out. drizzle puts the query and every parameter into its message
 * (`Failed query: … params: …`) and the driver's error carries them again: with a 3,000-character e-mail address
 * that was 5 MB of log per request (issue 28).
 */
export function serializeError(
  error: Error,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  const message = boundLogText(error.message.replace(/\nparams: [\s\S]*$/, ''));
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const own = Object.entries(error)
    .filter(([key]) => key !== 'message' && key !== 'stack' && key !== 'cause')
    .slice(0, 20)
    .map(([key, value]) => [key, parameterFields.has(key) ? '[left out]' : boundValue(value, depth + 1)]);
  return {
    ...Object.fromEntries(own),
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames.slice(0, maxStackFrames).map((line) => boundLogText(line))].join(
      '\n',
    ),
    ...(error.cause !== undefined && { cause: depth < 3 ? boundValue(error.cause, depth + 1) : '[left out]' }),
  };
}

/** A logged value, small: texts cut, at most 20 items or fields per level, three levels deep. */
function boundValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return boundLogText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value, depth);
  if (depth >= 3) return '[left out]';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => boundValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([key, item]) => [key, parameterFields.has(key) ? '[left out]' : boundValue(item, depth + 1)]),
  );
}

/** Fastify's request fields, with the URL's secrets taken out and a long URL cut. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: boundLogText(redactUrl(request.url), 1000),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
