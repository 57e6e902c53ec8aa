import { type Database, schema, type Transaction } from '@fixpoint/db';
import type { AuditKind, AuditTargetKind } from '@fixpoint/shared';
import type { FastifyRequest } from 'fastify';

/** Who acted: a signed-in user as they were then, or the system (a provider's webhook, the billing clock). */
export interface AuditActor {
  id: string | null;
  email: string;
}

export const systemActor: AuditActor = { id: null, email: 'system' };

export interface AuditRecord {
  actor: AuditActor;
  kind: AuditKind;
  target: { kind: AuditTargetKind; id: string; label?: string | null | undefined };
  /** The target before the change (undefined or null when it did not exist). Secrets are dropped. */
  before?: unknown;
  /** The target after the change (undefined or null when it is gone). Secrets are dropped. */
  after?: unknown;
}

/** The signed-in caller of an admin route as an audit actor. */
export function actorOf(request: FastifyRequest): AuditActor {
  return request.user ? { id: request.user.id, email: request.user.email } : systemActor;
}

/**
 * Writes one audit-log entry (decision 0064). Call it with the transaction of the change itself, after the change,
 * so the entry exists exactly when the change does: a change that fails or rolls back leaves none. This module
 * imports no other module, so every module may call it.
 */
export async function recordAudit(tx: Database | Transaction, entry: AuditRecord): Promise<void> {
  await tx.insert(schema.auditLog).values({
    // Milliseconds, as JavaScript reads them back, so a page's cursor (time, id) is exact.
    at: new Date(),
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    kind: entry.kind,
    targetKind: entry.target.kind,
    targetId: entry.target.id,
    targetLabel: entry.target.label ?? '',
    before: withoutSecrets(entry.before) ?? null,
    after: withoutSecrets(entry.after) ?? null,
  });
}

/** Names of fields that hold secrets (passwords, tokens, keys, their hashes and ciphertexts): never recorded. */
const secretField = /password|secret|token|hash|cipher|apikey|privatekey|credential/i;
/** Amounts, counts and prices are never secrets, whatever they count (`tokenAmount` is a number of credits). */
const plainNumberField = /(amount|count|price)s?$/i;
const isSecretField = (key: string) => secretField.test(key) && !plainNumberField.test(key);

/**
 * A JSON copy of a value without secret fields, at any depth; dates become ISO strings. Nothing that is not plain
 * data (functions, class instances other than Date) reaches the log.
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? null : value;
  if (depth > 8) return null;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSecretField(key) || item === undefined) continue;
    copy[key] = withoutSecrets(item, depth + 1);
  }
  return copy;
}
