import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { Env } from './env';

/**
 * pino options: JSON lines, pretty only on a terminal (or LOG_PRETTY), and credentials never written. JSON lines go
 * to stdout asynchronously: each line is queued and written with those that arrived meanwhile, instead of one
 * blocking system call per line on the request's path (decision 0052's profile; pino flushes what is queued when
 * the process exits).
 */
export function createLoggerOptions(env: Env): FastifyServerOptions['logger'] {
  const pretty = env.LOG_PRETTY ?? Boolean(process.stdout.isTTY);
  return {
    level: env.LOG_LEVEL,
    serializers: { req: serializeRequest },
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

/** Fastify's request fields, with the URL's secrets taken out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
