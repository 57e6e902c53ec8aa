import { type Column, lt } from 'drizzle-orm';

/**
 * Whether a queued row's time (`nextAttemptAt`) has come at `now`. Rows the database dates itself (`defaultNow()`)
 * carry microseconds, this process's clock only milliseconds: a row dated within `now`'s millisecond is due at
 * `now`, not a millisecond later (a replay queued and run at once would otherwise wait for the next round).
 */
export const isDueAt = (column: Column, now: Date) => lt(column, new Date(now.getTime() + 1));
