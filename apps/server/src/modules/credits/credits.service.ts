import { type Database, isOrgOwner, schema } from '@fixpoint/db';
import { AppError, type LedgerDescription, type LedgerPage, ledgerDescriptionSchema } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';
import type { CreditsRepository, Owner } from './credits.repository';

export const insufficientCredits = (needed: number, balance: number) =>
  new AppError('INSUFFICIENT_CREDITS', 402, `This needs ${needed} credits and your balance is ${balance}.`);

export function createCreditsService({
  db,
  creditsRepository,
}: {
  db: Database;
  creditsRepository: CreditsRepository;
}) {
  return {
    balance: (owner: Owner) => creditsRepository.balance(owner),

    async ledger(owner: Owner, limit: number, cursor?: string): Promise<LedgerPage> {
      const rows = await creditsRepository.ledger(owner, limit + 1, cursor ? decodeCursor(cursor) : undefined);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        balance: await creditsRepository.balance(owner),
        entries: page.map(({ reasonCode, reasonParams, ...row }) => ({
          ...row,
          description: describe(reasonCode, reasonParams),
          createdAt: row.createdAt.toISOString(),
        })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },

    /**
     * An admin's grant (positive) or correction (negative) of a user's or an organisation's credits, with a reason,
     * recorded in the ledger and the audit log (in the same transaction); never below zero.
     */
    async adminAdjust({
      owner,
      amount,
      reason,
      actor,
    }: {
      owner: Owner;
      amount: number;
      reason?: string;
      actor: AuditActor;
    }) {
      let target: { kind: 'user' | 'organization'; id: string; label: string };
      if (isOrgOwner(owner)) {
        const [org] = await db
          .select({ name: schema.organizations.name })
          .from(schema.organizations)
          .where(eq(schema.organizations.id, owner.orgId));
        target = { kind: 'organization', id: owner.orgId, label: org?.name ?? '' };
      } else {
        const [user] = await db
          .select({ email: schema.users.email })
          .from(schema.users)
          .where(eq(schema.users.id, owner.userId));
        if (!user) throw new AppError('USER_NOT_FOUND', 404, 'No user with that id.');
        target = { kind: 'user', id: owner.userId, label: user.email };
      }
      return db.transaction(async (tx) => {
        const result = await creditsRepository.change(tx, owner, amount, {
          kind: amount > 0 ? 'grant' : 'correction',
          description: { code: amount > 0 ? 'adminGrant' : 'adminCorrection' },
          reason: reason ?? '',
          ...(actor.id && { createdBy: actor.id }),
        });
        if (!result) {
          const balance = await creditsRepository.balance(owner, tx);
          throw new AppError('INSUFFICIENT_CREDITS', 409, `The balance is ${balance}; it cannot go below zero.`);
        }
        await recordAudit(tx, {
          actor,
          kind: amount > 0 ? 'credits.grant' : 'credits.correction',
          target,
          before: { balance: result.balance - amount },
          after: { balance: result.balance, amount, reason: reason ?? '' },
        });
        return { balance: result.balance };
      });
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;

/** A stored code and its values as the API's description; null for an entry the migration could not read. */
function describe(code: string | null, params: Record<string, string | number>): LedgerDescription | null {
  if (code === null) return null;
  const parsed = ledgerDescriptionSchema.safeParse({ ...params, code });
  return parsed.success ? parsed.data : null;
}

function encodeCursor(createdAt: Date, id: string) {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string) {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw new AppError('BAD_REQUEST', 400, 'Invalid cursor.');
  return { createdAt, id };
}
