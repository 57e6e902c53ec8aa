import { type Database, type Owner, ownerOfRow, schema } from '@fixpoint/db';
import { type ApiKeyScope, AppError, apiKeyErrorCodes } from '@fixpoint/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isBanned } from '../../plugins/auth';
import { type AuditActor, recordAudit } from '../audit/audit';
import type { ApiKeyResolver } from '../auth/identity';
import { type LeasedRateLimiter, limitKey, refuseTooMany } from '../auth/rate-limit';
import { hashApiKey } from './api-keys.service';

const invalidKey = () =>
  new AppError('UNAUTHORIZED', 401, 'This API key is not valid: it is unknown, revoked or expired.');

/**
 * The API-key half of identity (docs/decisions/0077): one indexed read of the key by its hash (with its creator),
 * then the route's declared scope, the owner the path works on, and the key's rate limit (counted in the database,
 * like the sign-in limits, so every process counts the same requests; taken a block at a time, decision 0082).
 * The key itself is never cached: a revoked key fails on its next request everywhere.
 */
export function createApiKeyResolver({
  db,
  hotReads,
  limiter,
}: {
  db: Database;
  hotReads: Database;
  limiter: LeasedRateLimiter;
}): ApiKeyResolver {
  const { apiKeys: k, users: u } = schema;
  const byHash = hotReads
    .select({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      ownerUserId: k.ownerUserId,
      ownerOrgId: k.ownerOrgId,
      scopes: k.scopes,
      expiresAt: k.expiresAt,
      revokedAt: k.revokedAt,
      userId: u.id,
      email: u.email,
      userName: u.name,
      image: u.image,
      emailVerified: u.emailVerified,
      banned: u.banned,
      banExpires: u.banExpires,
    })
    .from(k)
    .innerJoin(u, eq(u.id, k.createdBy))
    .where(eq(k.keyHash, sql.placeholder('hash')))
    .prepare('api_key_by_hash');

  // Per process: which addresses it has seen each key come from.
  const seenAddresses = new Set<string>();

  /** A key's first use from an address is kept, and written to the audit log, once. */
  async function noteAddress(key: { id: string; name: string; prefix: string }, user: AuditActor, ip: string) {
    const seen = `${key.id} ${ip}`;
    if (seenAddresses.has(seen)) return;
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(schema.apiKeyAddresses)
        .values({ keyId: key.id, address: ip })
        .onConflictDoNothing()
        .returning({ keyId: schema.apiKeyAddresses.keyId });
      if (inserted.length > 0) {
        await recordAudit(tx, {
          actor: user,
          kind: 'apiKey.newAddress',
          target: { kind: 'apiKey', id: key.id, label: `${key.name} (${key.prefix}…)` },
          after: { address: ip },
        });
      }
    });
    if (seenAddresses.size > 100_000) seenAddresses.clear();
    seenAddresses.add(seen);
  }

  return async (request: FastifyRequest, reply: FastifyReply, bearer: string) => {
    const [row] = await byHash.execute({ hash: hashApiKey(bearer) });
    if (!row || row.revokedAt || isBanned(row) || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) {
      throw invalidKey();
    }
    const owner = ownerOfRow(row);
    const scopes = row.scopes as ApiKeyScope[];
    checkRoute(request, owner, scopes);

    // The key's last use is written with each block of its allowance the limiter takes: at least once a minute
    // while it is used, in the same statement (the list shows it to the minute).
    const verdict = await limiter.hit(limitKey('api-key', row.id), () =>
      db.update(k).set({ lastUsedAt: new Date() }).where(eq(k.id, row.id)).getSQL(),
    );
    if (!verdict.allowed) refuseTooMany(reply, verdict.retryAfterSeconds, 'requests with this API key');

    request.user = {
      id: row.userId,
      email: row.email,
      name: row.userName,
      image: row.image,
      // A key never acts as an admin: admin routes declare no scope, and nothing else reads the role from a key.
      isAdmin: false,
      emailVerified: row.emailVerified,
    };
    request.apiKey = { id: row.id, owner, scopes };
    await noteAddress(row, { id: row.userId, email: row.email }, request.ip);
  };
}

/** 403 unless the route declares a scope the key holds, on the owner the key belongs to. */
function checkRoute(request: FastifyRequest, owner: Owner, scopes: ApiKeyScope[]) {
  const needed = request.routeOptions.config?.apiKeyScope;
  if (!needed) {
    throw new AppError(
      apiKeyErrorCodes.keyNotAllowed,
      403,
      'This route does not accept API keys; sign in to the portal for it.',
    );
  }
  if (!scopes.includes(needed)) {
    throw new AppError(apiKeyErrorCodes.insufficientScope, 403, `This API key lacks the scope ${needed}.`);
  }
  const orgId = (request.params as { orgId?: string } | undefined)?.orgId;
  const isOrgPath = request.url.startsWith('/api/org/');
  if ('orgId' in owner ? !isOrgPath || orgId !== owner.orgId : isOrgPath) {
    throw new AppError(
      apiKeyErrorCodes.keyNotAllowed,
      403,
      'This API key belongs to another owner: a personal key works under /api, an organisation key under /api/org/{its id}.',
    );
  }
}
