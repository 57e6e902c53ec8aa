import { z } from 'zod';

/** A network as the marketplace and the activation dialog list it. */
export const publicNetworkSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    operator: z.string(),
    description: z.string(),
    dailyPrice: z.number().int(),
    stationCount: z.number().int(),
    accessStartsAt: z.enum(['purchase', 'first-connection']),
  })
  .meta({ id: 'PublicNetwork' });

export type PublicNetwork = z.infer<typeof publicNetworkSchema>;
