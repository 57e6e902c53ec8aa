import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Env } from './env';

/** pino options: JSON lines, pretty only on a terminal (or LOG_PRETTY), and credentials never written. */
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
      : {}),
  };
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
