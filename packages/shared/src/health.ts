import { z } from 'zod';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number(),
    database: z.object({
      kind: z.enum(['pglite', 'postgres']),
      reachable: z.boolean(),
      latencyMs: z.number().nullable(),
    }),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;
