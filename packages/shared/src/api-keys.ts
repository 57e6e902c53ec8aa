import { z } from 'zod';
import { plainText } from './text';

/**
 * What an API key may do (docs/decisions/0077). A key acts as its owner (a person or an organisation) but only on
 * routes that declare one of these scopes (server: route `config: { apiKeyScope: 'accounts:read' }`); a route that
 * declares none refuses every key (admin routes, key management, sign-in). New scopes are added here first.
 */
export const apiKeyScopes = [
  /** NTRIP accounts, their connection settings, sessions and diagnosis. */
  'accounts:read',
  /** Create, rename, suspend, resume and delete NTRIP accounts (provisioning without payment). */
  'accounts:write',
  /** Grant, extend and shorten access windows: spends the owner's credits or subscription seats. */
  'access:write',
  /** Usage: sessions, data volumes, the credit balance and its ledger. */
  'usage:read',
  /** Invoices and subscriptions. */
  'billing:read',
  /** Fleet health: each NTRIP account's fix shares, correction age, base distance and last position (issue 33). */
  'fleet:read',
] as const;

export const apiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const apiKeyPrefix = 'fpk_';
/** How many characters of a key the list shows (`fpk_` and the first characters of the secret). */
export const apiKeyShownPrefixLength = 12;
/** At most this many live (not revoked) keys per owner. */
export const maxApiKeysPerOwner = 25;

/**
 * Per-key rate limit: requests in a fixed window, counted in the database so every process counts the same
 * requests (429 RATE_LIMITED with Retry-After). The server's API_KEY_RATE_LIMIT changes the number.
 */
export const apiKeyRateLimit = { requests: 600, windowSeconds: 60 } as const;

/** Error codes a key's request may get besides the usual ones. */
export const apiKeyErrorCodes = {
  /** 403: the route needs a scope the key was not given (the message names it). */
  insufficientScope: 'INSUFFICIENT_SCOPE',
  /** 403: the route is not open to API keys at all (admin, key management, sign-in, the session's own pages). */
  keyNotAllowed: 'API_KEY_NOT_ALLOWED',
  /** 422: an Idempotency-Key sent again with a different request. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** 409: the first request with this Idempotency-Key is still running. */
  idempotencyInProgress: 'IDEMPOTENCY_IN_PROGRESS',
} as const;

export const apiKeyNameSchema = plainText(z.string().trim().min(1, 'Give the key a name.').max(60));

export const createApiKeySchema = z
  .object({
    name: apiKeyNameSchema,
    scopes: z
      .array(apiKeyScopeSchema)
      .min(1, 'Choose at least one scope.')
      .max(apiKeyScopes.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once.'),
    /** Optional end of the key's life; it must lie in the future. */
    expiresAt: z.iso.datetime().optional(),
  })
  .meta({ id: 'CreateApiKey' });

export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The first characters of the key (`fpk_ab12cd34`), to tell keys apart; the rest is never shown again. */
    prefix: z.string(),
    scopes: z.array(apiKeyScopeSchema),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    /** Who created it (for an organisation's keys). */
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'ApiKey' });

export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creation: the only time the whole key is sent. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid() });
