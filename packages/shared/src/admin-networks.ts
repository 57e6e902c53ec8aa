import { z } from 'zod';
import { countryCode3Schema } from './countries';
import { plainText } from './text';

/**
 * Admin management of network templates, networks and stations, the sourcetable import and the live feed
 * (issues 6 and 8). Secrets never travel out: upstream passwords are write-only (`hasUpstreamPassword` tells
 * whether one is stored), a hosted station's source password is answered once, when it is generated.
 */

export const networkKindSchema = z.enum(['hosted', 'relay']);
export const ntripVersionSchema = z.union([z.literal(1), z.literal(2)]);
export const upstreamAuthenticationSchema = z.enum(['none', 'basic']);

export const hostSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, 'A host name or IP address.');
const portSchema = z.number().int().min(1).max(65535);
const priceSchema = z.number().int().min(0).max(100_000);

// ---- templates ----

export const networkTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    kind: networkKindSchema,
    defaultHost: z.string().nullable(),
    defaultPort: z.number().int(),
    ntripVersion: ntripVersionSchema,
    authentication: upstreamAuthenticationSchema,
    needsGga: z.boolean(),
    dailyPrice: z.number().int(),
    networkCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'NetworkTemplate' });

export type NetworkTemplate = z.infer<typeof networkTemplateSchema>;

/** Text limits of templates and networks, shared with the forms (which stop typing at them). */
export const networkTextLimits = { name: 80, operator: 80, networkDescription: 1000, templateDescription: 500 };

export const createNetworkTemplateSchema = z.object({
  name: plainText(z.string().trim().min(2, 'Give the template a name.').max(networkTextLimits.name)),
  description: plainText(z.string().trim().max(networkTextLimits.templateDescription), { multiline: true }).default(''),
  kind: networkKindSchema,
  defaultHost: hostSchema.nullable().default(null),
  defaultPort: portSchema.default(2101),
  ntripVersion: ntripVersionSchema.default(2),
  authentication: upstreamAuthenticationSchema.default('basic'),
  needsGga: z.boolean().default(false),
  dailyPrice: priceSchema.default(1),
});

export type CreateNetworkTemplate = z.input<typeof createNetworkTemplateSchema>;

export const updateNetworkTemplateSchema = z
  .object({
    name: plainText(z.string().trim().min(2).max(networkTextLimits.name)),
    description: plainText(z.string().trim().max(networkTextLimits.templateDescription), { multiline: true }),
    defaultHost: hostSchema.nullable(),
    defaultPort: portSchema,
    ntripVersion: ntripVersionSchema,
    authentication: upstreamAuthenticationSchema,
    needsGga: z.boolean(),
    dailyPrice: priceSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change.');

// ---- networks ----

export const networkCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,30}$/, 'Two to 31 letters, digits, _ or -, starting with a letter or digit.');

export const mountpointSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'Letters, digits, _ . or -, up to 100 characters.');

export const upstreamSchema = z.object({
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  version: ntripVersionSchema.nullable(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
});

export const adminNetworkSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    operator: z.string(),
    description: z.string(),
    kind: networkKindSchema,
    templateId: z.string().nullable(),
    templateName: z.string().nullable(),
    dailyPrice: z.number().int(),
    visibility: z.enum(['public', 'private']),
    isPublished: z.boolean(),
    accessStartsAt: z.enum(['purchase', 'first-connection']),
    coverageRadiusKm: z.number(),
    countryCode: z.string().nullable(),
    /** Relay kind (or a hosted network whose stations were imported from a caster): where the sourcetable is. */
    upstream: upstreamSchema,
    stationCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminNetwork' });

export type AdminNetwork = z.infer<typeof adminNetworkSchema>;

export const positionSourceSchema = z.enum(['entered', 'decoded']);

export const adminStationPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  height: z.number().nullable(),
});

export type AdminStationPosition = z.infer<typeof adminStationPositionSchema>;

export const adminStationSchema = z
  .object({
    id: z.string(),
    networkId: z.string(),
    mountpoint: z.string(),
    identifier: z.string(),
    /** Entered ?? decoded from RTCM 1005/1006, with where it came from. */
    position: adminStationPositionSchema.nullable(),
    positionSource: positionSourceSchema.nullable(),
    countryCode: z.string().nullable(),
    format: z.string(),
    formatDetails: z.string(),
    carrier: z.number().int(),
    navSystem: z.string(),
    needsGga: z.boolean(),
    upstreamMountpoint: z.string().nullable(),
    isEnabled: z.boolean(),
    hasSourcePassword: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminStation' });

export type AdminStation = z.infer<typeof adminStationSchema>;

export const adminNetworkDetailSchema = adminNetworkSchema
  .extend({ stations: z.array(adminStationSchema) })
  .meta({ id: 'AdminNetworkDetail' });

export type AdminNetworkDetail = z.infer<typeof adminNetworkDetailSchema>;

const upstreamInputShape = {
  upstreamHost: hostSchema.nullable(),
  upstreamPort: portSchema.nullable(),
  upstreamVersion: ntripVersionSchema.nullable(),
  upstreamUsername: z.string().trim().max(100).nullable(),
  /** Write-only; null removes the stored one. */
  upstreamPassword: z.string().max(200).nullable(),
};

/** A network is created from a template: kind, price, port, version and GGA needs come from it unless given. */
export const createNetworkSchema = z.object({
  templateId: z.uuid(),
  code: networkCodeSchema,
  name: plainText(z.string().trim().min(2, 'Give the network a name.').max(networkTextLimits.name)),
  operator: plainText(z.string().trim().max(networkTextLimits.operator)).optional(),
  description: plainText(z.string().trim().max(networkTextLimits.networkDescription), { multiline: true }).optional(),
  dailyPrice: priceSchema.optional(),
  visibility: z.enum(['public', 'private']).optional(),
  isPublished: z.boolean().optional(),
  accessStartsAt: z.enum(['purchase', 'first-connection']).optional(),
  coverageRadiusKm: z.number().positive().max(500).optional(),
  countryCode: countryCode3Schema.optional(),
  upstreamHost: upstreamInputShape.upstreamHost.optional(),
  upstreamPort: upstreamInputShape.upstreamPort.optional(),
  upstreamVersion: upstreamInputShape.upstreamVersion.optional(),
  upstreamUsername: upstreamInputShape.upstreamUsername.optional(),
  upstreamPassword: upstreamInputShape.upstreamPassword.optional(),
});

export type CreateNetwork = z.input<typeof createNetworkSchema>;

export const updateNetworkSchema = z
  .object({
    name: plainText(z.string().trim().min(2).max(networkTextLimits.name)),
    operator: plainText(z.string().trim().max(networkTextLimits.operator)),
    description: plainText(z.string().trim().max(networkTextLimits.networkDescription), { multiline: true }),
    dailyPrice: priceSchema,
    visibility: z.enum(['public', 'private']),
    isPublished: z.boolean(),
    accessStartsAt: z.enum(['purchase', 'first-connection']),
    coverageRadiusKm: z.number().positive().max(500),
    countryCode: countryCode3Schema,
    ...upstreamInputShape,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change.');

export type UpdateNetwork = z.input<typeof updateNetworkSchema>;

// ---- stations ----

const latitudeSchema = z.number().min(-90).max(90);
const longitudeSchema = z.number().min(-180).max(180);

const stationFieldsShape = {
  identifier: plainText(z.string().trim().max(100)),
  latitude: latitudeSchema.nullable(),
  longitude: longitudeSchema.nullable(),
  height: z.number().min(-1000).max(10_000).nullable(),
  countryCode: countryCode3Schema,
  format: plainText(z.string().trim().min(1).max(40)),
  formatDetails: plainText(z.string().trim().max(500)),
  carrier: z.number().int().min(0).max(2),
  navSystem: plainText(z.string().trim().max(60)),
  needsGga: z.boolean(),
  upstreamMountpoint: mountpointSchema.nullable(),
  isEnabled: z.boolean(),
};

const bothOrNeither = (value: { latitude?: number | null; longitude?: number | null }) =>
  (value.latitude === undefined || value.latitude === null) ===
  (value.longitude === undefined || value.longitude === null);

export const createStationSchema = z
  .object({ mountpoint: mountpointSchema, ...stationFieldsShape })
  .partial({
    identifier: true,
    latitude: true,
    longitude: true,
    height: true,
    countryCode: true,
    format: true,
    formatDetails: true,
    carrier: true,
    navSystem: true,
    needsGga: true,
    upstreamMountpoint: true,
    isEnabled: true,
  })
  .refine(bothOrNeither, { message: 'Enter both latitude and longitude, or neither.', path: ['longitude'] });

export type CreateStation = z.input<typeof createStationSchema>;

export const updateStationSchema = z
  .object({ mountpoint: mountpointSchema, ...stationFieldsShape })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change.');

export type UpdateStation = z.input<typeof updateStationSchema>;

/** The answer to creating a station (and to regenerating its password): the source password, this once. */
export const stationWithSecretSchema = z
  .object({
    station: adminStationSchema,
    sourcePassword: z.string().nullable(),
    /** Where the base station pushes to (the caster's public address). */
    caster: z.object({ host: z.string(), port: z.number().int() }),
  })
  .meta({ id: 'AdminStationWithSecret' });

export type StationWithSecret = z.infer<typeof stationWithSecretSchema>;

// ---- sourcetable import ----

export const importFieldSchema = z.enum([
  'identifier',
  'format',
  'formatDetails',
  'carrier',
  'navSystem',
  'countryCode',
  'latitude',
  'longitude',
  'needsGga',
]);

export const importChangeSchema = z.object({
  /** The mount at the upstream caster (STR mountpoint). */
  upstreamMountpoint: z.string(),
  /** Our mountpoint: the existing station's, or the one a new station will get. */
  mountpoint: z.string(),
  action: z.enum(['create', 'update', 'unchanged', 'conflict']),
  stationId: z.string().nullable(),
  fields: z.array(
    z.object({
      field: importFieldSchema,
      from: z.union([z.string(), z.number(), z.boolean()]).nullable(),
      to: z.union([z.string(), z.number(), z.boolean()]).nullable(),
    }),
  ),
  /** Why a conflict cannot be applied. */
  note: z.string().nullable(),
});

export type ImportChange = z.infer<typeof importChangeSchema>;

export const importPreviewSchema = z
  .object({
    source: z.string(),
    fetchedAt: z.iso.datetime(),
    changes: z.array(importChangeSchema),
    summary: z.object({
      create: z.number().int(),
      update: z.number().int(),
      unchanged: z.number().int(),
      conflict: z.number().int(),
    }),
  })
  .meta({ id: 'SourcetableImportPreview' });

export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const applyImportSchema = z.object({
  /** Only these upstream mounts (default: every create and update of the preview). */
  upstreamMountpoints: z.array(z.string().min(1).max(100)).max(2000).optional(),
});

export const importResultSchema = z
  .object({
    created: z.array(z.string()),
    updated: z.array(z.string()),
    unchanged: z.number().int(),
    skipped: z.array(z.string()),
  })
  .meta({ id: 'SourcetableImportResult' });

export type ImportResult = z.infer<typeof importResultSchema>;

// ---- live feed ----

export const feedNetworkSummarySchema = z
  .object({
    networkId: z.string(),
    code: z.string(),
    name: z.string(),
    kind: networkKindSchema,
    isPublished: z.boolean(),
    stationCount: z.number().int(),
    connectedCount: z.number().int(),
    roverCount: z.number().int(),
    /** Bits per second over the network's connected stations. */
    bitrate: z.number().int(),
    lastDataAt: z.iso.datetime().nullable(),
    /** Stations whose upstream failed and are not connected now. */
    errorCount: z.number().int(),
  })
  .meta({ id: 'FeedNetworkSummary' });

export type FeedNetworkSummary = z.infer<typeof feedNetworkSummarySchema>;

export const feedMessageTypeSchema = z.object({
  type: z.number().int(),
  count: z.number().int(),
  ratePerMinute: z.number(),
});

export const feedRoverSchema = z.object({
  sessionId: z.string(),
  username: z.string(),
  clientAddress: z.string(),
  userAgent: z.string(),
  startedAt: z.iso.datetime(),
  bytesSent: z.number().int(),
  lastPosition: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  distanceToBaseM: z.number().nullable(),
});

export const feedEventSchema = z.object({
  kind: z.enum(['connected', 'disconnected']),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});

export const feedStationSchema = z.object({
  id: z.string(),
  mountpoint: z.string(),
  identifier: z.string(),
  isEnabled: z.boolean(),
  isConnected: z.boolean(),
  connectedSince: z.iso.datetime().nullable(),
  /** When it was last seen connected (for a station that is down). */
  disconnectedAt: z.iso.datetime().nullable(),
  lastDataAt: z.iso.datetime().nullable(),
  bitrate: z.number().int(),
  messageTypes: z.array(feedMessageTypeSchema),
  /** Entered by hand; null when none was, or when the station's position was filled from the decoded one. */
  enteredPosition: adminStationPositionSchema.nullable(),
  decodedPosition: adminStationPositionSchema.nullable(),
  /** Horizontal distance between entered and decoded positions, in metres. */
  positionOffsetM: z.number().nullable(),
  sourceAddress: z.string().nullable(),
  sourceAgent: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
  /** The error still stands: the station has not connected since it. */
  errorIsCurrent: z.boolean(),
  rovers: z.array(feedRoverSchema),
  /** Newest first. */
  events: z.array(feedEventSchema),
  updatedAt: z.iso.datetime().nullable(),
});

export type FeedStation = z.infer<typeof feedStationSchema>;

export const feedNetworkSchema = z
  .object({
    network: feedNetworkSummarySchema,
    stations: z.array(feedStationSchema),
    generatedAt: z.iso.datetime(),
  })
  .meta({ id: 'FeedNetwork' });

export type FeedNetwork = z.infer<typeof feedNetworkSchema>;
