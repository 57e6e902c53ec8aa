/** The part of pino the caster uses: the server passes its Fastify logger, main.ts a JSON-lines one. */
export interface CasterLogger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

/** JSON lines on stdout in pino's shape, for the caster running alone (no pino dependency for four methods). */
export function createJsonLogger(level: LogLevel = 'info', base: object = {}): CasterLogger {
  const threshold = LEVELS[level];
  const write = (name: Exclude<LogLevel, 'silent'>) => (object: object, message?: string) => {
    if (LEVELS[name] < threshold) return;
    const err = (object as { err?: unknown }).err;
    const record = {
      level: LEVELS[name],
      time: Date.now(),
      ...base,
      ...object,
      ...(err instanceof Error && { err: { message: err.message, stack: err.stack } }),
      ...(message !== undefined && { msg: message }),
    };
    process.stdout.write(`${JSON.stringify(record)}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

export const silentLogger: CasterLogger = createJsonLogger('silent');
