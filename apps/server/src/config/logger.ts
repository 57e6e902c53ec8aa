import type { FastifyServerOptions } from 'fastify';
import type { Env } from './env';

/** pino options: JSON lines, pretty only on a terminal (or LOG_PRETTY), and credentials never written. */
export function createLoggerOptions(env: Env): FastifyServerOptions['logger'] {
  const pretty = env.LOG_PRETTY ?? Boolean(process.stdout.isTTY);
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.secret'],
      censor: '[redacted]',
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
