import { createHash, randomBytes } from 'node:crypto';
import { type Database, type Owner, ownerOfRow, ownerValues, ownerWhere, schema } from '@fixpoint/db';
import {
  type ApiKey,
  type ApiKeyScope,
  AppError,
  apiKeyPrefix,
  apiKeyShownPrefixLength,
  type CreateApiKey,
  type CreatedApiKey,
  maxApiKeysPerOwner,
} from '@fixpoint/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';

const k = schema.apiKeys;

/** Hex SHA-256 of a whole key: what the database keeps and looks keys up by. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: `fpk_` and 32 random bytes in base64url (256 bits; a hash suffices, no slow KDF needed). */
export const generateApiKey = () => `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;

type KeyRow = typeof k.$inferSelect;

function view(row: KeyRow, creator: { id: string; name: string } | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdBy: creator,
  };
}

const auditView = (row: KeyRow) => ({
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  owner: ownerOfRow(row),
  expiresAt: row.expiresAt,
});

/** An owner's API keys (docs/decisions/0077): created, listed and revoked by the person or an organisation admin. */
export function createApiKeysService({ db }: { db: Database }) {
  return {
    async create(owner: Owner, input: CreateApiKey, actor: AuditActor & { name: string }): Promise<CreatedApiKey> {
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw new AppError('VALIDATION_FAILED', 400, 'The expiry must lie in the future.', {
          details: [{ path: 'expiresAt', message: 'The expiry must lie in the future.' }],
        });
      }
      const key = generateApiKey();
      const row = await db.transaction(async (tx) => {
        const [live] = await tx
          .select({ n: count() })
          .from(k)
          .where(and(ownerWhere(k, owner), isNull(k.revokedAt)));
        if ((live?.n ?? 0) >= maxApiKeysPerOwner) {
          throw new AppError(
            'API_KEY_LIMIT',
            409,
            `At most ${maxApiKeysPerOwner} API keys at once. Revoke one you no longer use first.`,
          );
        }
        const [created] = await tx
          .insert(k)
          .values({
            ...ownerValues(owner),
            name: input.name,
            prefix: key.slice(0, apiKeyShownPrefixLength),
            keyHash: hashApiKey(key),
            scopes: input.scopes,
            createdBy: actor.id,
            expiresAt,
          })
          .returning();
        const inserted = created as KeyRow;
        await recordAudit(tx, {
          actor,
          kind: 'apiKey.create',
          target: { kind: 'apiKey', id: inserted.id, label: `${inserted.name} (${inserted.prefix}…)` },
          after: auditView(inserted),
        });
        return inserted;
      });
      return { ...view(row, actor.id ? { id: actor.id, name: actor.name } : null), key };
    },

    async list(owner: Owner): Promise<ApiKey[]> {
      const rows = await db
        .select({ key: k, creatorName: schema.users.name })
        .from(k)
        .leftJoin(schema.users, eq(schema.users.id, k.createdBy))
        .where(and(ownerWhere(k, owner), isNull(k.revokedAt)))
        .orderBy(desc(k.createdAt));
      return rows.map(({ key, creatorName }) =>
        view(key, key.createdBy ? { id: key.createdBy, name: creatorName ?? '' } : null),
      );
    },

    /** Revokes at once: the next request with the key, on any process, is 401 (every request reads the row). */
    async revoke(owner: Owner, id: string, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(k)
          .set({ revokedAt: new Date() })
          .where(and(eq(k.id, id), ownerWhere(k, owner), isNull(k.revokedAt)))
          .returning();
        if (!row) throw new AppError('API_KEY_NOT_FOUND', 404, 'No such API key.');
        await recordAudit(tx, {
          actor,
          kind: 'apiKey.revoke',
          target: { kind: 'apiKey', id: row.id, label: `${row.name} (${row.prefix}…)` },
          before: auditView(row),
        });
      });
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
