import { z } from 'zod';
import { mapStationSchema } from './coverage';

/** A subscription plan on sale for a network: its price in minor units of its currency. */
export const networkPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
});

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
    /** ISO 3166 alpha-3 codes of the network and its stations. */
    countries: z.array(z.string()),
    coverageRadiusKm: z.number(),
    plans: z.array(networkPlanSchema),
  })
  .meta({ id: 'PublicNetwork' });

export type PublicNetwork = z.infer<typeof publicNetworkSchema>;

/** `GET /api/networks/{id}`: the network with its stations (live status and effective position). */
export const networkDetailSchema = publicNetworkSchema
  .extend({
    stations: z.array(
      z.object({
        id: z.string(),
        mountpoint: z.string(),
        identifier: z.string(),
        countryCode: z.string().nullable(),
        latitude: z.number().nullable(),
        longitude: z.number().nullable(),
        status: z.enum(['up', 'degraded', 'down']),
        navSystem: z.string(),
        format: z.string(),
      }),
    ),
  })
  .meta({ id: 'NetworkDetail' });
export type NetworkDetail = z.infer<typeof networkDetailSchema>;

/** `GET /api/networks/{id}/coverage` and `GET /api/networks/coverage`: stations with a position, for the map. */
export const networkCoverageSchema = z.object({ stations: z.array(mapStationSchema) }).meta({ id: 'NetworkCoverage' });
export type NetworkCoverage = z.infer<typeof networkCoverageSchema>;
