import { type Database, schema } from '@fixpoint/db';
import { AppError, type Language, type OrgInvite, type UserInvite } from '@fixpoint/shared';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDateTime, recipientLanguage, textsIn } from '../../i18n/i18n';
import type { MailLinks } from '../../lib/mail-links';
import { createRateLimiter, TooManyError, waitWords } from '../auth/rate-limit';
import type { Mailer } from '../mail/mailer';

const i = schema.organizationInvites;
const m = schema.organizationMembers;
const dayMs = 86_400_000;
/** Open invitations one organisation may have: enough for a fleet, too few to mail strangers in bulk. */
export const maxOpenInvites = 100;
/**
 * Invitations one organisation may send (docs/decisions/0062), counted in the database so every process counts the
 * same: each is an e-mail from us to an address the organisation chose, so a stolen or careless organisation
 * account cannot make us a spam source.
 */
export const inviteLimits = { perHour: 20, perDay: 100 } as const;

/**
 * Invitations by e-mail (docs/decisions/0041): an organisation admin invites an address; whoever signs in with that
 * address finds the invitation under GET /invites (also after signing up from the e-mail's link) and accepts or
 * declines it; a declined one can still be accepted until it expires.
 */
export function createInvites({
  db,
  mailer,
  links,
  logger,
  validDays,
  brandName,
  staticLanguage,
}: {
  db: Database;
  mailer: Mailer;
  /** The trusted origin the e-mail's links point at, never the request's Host (docs/decisions/0062). */
  links: MailLinks;
  logger: FastifyBaseLogger;
  validDays: number;
  brandName: string;
  staticLanguage?: Language | undefined;
}) {
  /** The invited person's language if they have an account, else the inviter's (docs/decisions/0049). */
  async function invitationLanguage(email: string, inviterId: string): Promise<Language> {
    const [invited] = await db
      .select({ language: schema.users.language })
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = ${email}`);
    const [inviter] = await db
      .select({ language: schema.users.language })
      .from(schema.users)
      .where(eq(schema.users.id, inviterId));
    return recipientLanguage({ staticLanguage, stored: invited?.language ?? inviter?.language });
  }

  const hourly = createRateLimiter(db, { limit: inviteLimits.perHour, windowMs: dayMs / 24 });
  const daily = createRateLimiter(db, { limit: inviteLimits.perDay, windowMs: dayMs });

  /** Counts one invitation against the organisation's limits; over either, 429 with the wait. */
  async function countInvitation(orgId: string) {
    // The hour first: an organisation held by it does not use up its day.
    for (const limiter of [hourly, daily]) {
      const verdict = await limiter.hit(`invites:${limiter === hourly ? 'hour' : 'day'}:${orgId}`);
      if (!verdict.allowed) {
        throw new TooManyError(
          'INVITE_LIMIT',
          `An organisation can send ${inviteLimits.perHour} invitations an hour and ${inviteLimits.perDay} a day. Please wait ${waitWords(verdict.retryAfterSeconds)} and try again.`,
          verdict.retryAfterSeconds,
        );
      }
    }
  }

  async function listForOrg(orgId: string): Promise<OrgInvite[]> {
    const rows = await db
      .select({
        email: i.email,
        status: i.status,
        invitedBy: schema.users.name,
        createdAt: i.createdAt,
        expiresAt: i.expiresAt,
      })
      .from(i)
      .leftJoin(schema.users, eq(schema.users.id, i.invitedBy))
      .where(and(eq(i.orgId, orgId), gt(i.expiresAt, new Date())))
      .orderBy(i.createdAt);
    return rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }));
  }

  async function listForUser(email: string): Promise<UserInvite[]> {
    const rows = await db
      .select({
        organization: i.orgId,
        organizationName: schema.organizations.name,
        invitedBy: schema.users.name,
        status: i.status,
        expiresAt: i.expiresAt,
      })
      .from(i)
      .innerJoin(schema.organizations, eq(schema.organizations.id, i.orgId))
      .leftJoin(schema.users, eq(schema.users.id, i.invitedBy))
      .where(and(eq(i.email, email.toLowerCase()), gt(i.expiresAt, new Date())))
      .orderBy(i.createdAt);
    return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }));
  }

  return {
    listForOrg,
    listForUser,

    /**
     * Invites (or invites again, renewing the time limit) and sends the e-mail; a member cannot be invited, an
     * organisation still waiting for the beta's approval (or declined) invites nobody, and every invitation counts
     * against `inviteLimits`.
     */
    async invite({ orgId, email, inviter }: { orgId: string; email: string; inviter: { id: string; name: string } }) {
      const [org] = await db
        .select({ name: schema.organizations.name, status: schema.organizations.status })
        .from(schema.organizations)
        .where(eq(schema.organizations.id, orgId));
      if (org && org.status !== 'active') {
        throw new AppError(
          'ORG_NOT_ACTIVE',
          403,
          org.status === 'pending'
            ? 'This organisation is waiting for approval: it can invite people once an admin has approved it.'
            : 'This organisation was not admitted to the beta, so it cannot invite people.',
        );
      }
      const [existing] = await db
        .select({ userId: m.userId })
        .from(m)
        .innerJoin(schema.users, eq(schema.users.id, m.userId))
        .where(and(eq(m.orgId, orgId), sql`lower(${schema.users.email}) = ${email}`));
      if (existing) throw new AppError('ALREADY_MEMBER', 409, 'This person is already a member.');
      const [open] = await db
        .select({ count: count() })
        .from(i)
        .where(and(eq(i.orgId, orgId), gt(i.expiresAt, new Date()), ne(i.email, email)));
      if ((open?.count ?? 0) >= maxOpenInvites) {
        throw new AppError(
          'TOO_MANY_INVITES',
          409,
          `An organisation can have ${maxOpenInvites} open invitations: withdraw some first.`,
        );
      }
      await countInvitation(orgId);
      const expiresAt = new Date(Date.now() + validDays * dayMs);
      await db
        .insert(i)
        .values({ orgId, email, invitedBy: inviter.id, expiresAt })
        .onConflictDoUpdate({
          target: [i.orgId, i.email],
          set: { status: 'pending', invitedBy: inviter.id, createdAt: new Date(), expiresAt },
        });
      const orgName = org?.name ?? '';
      // The invitation stands even if the e-mail fails: the person finds it when they sign in with this address.
      try {
        const language = await invitationLanguage(email, inviter.id);
        const t = textsIn(language);
        const values = { brand: brandName, organisation: orgName, email };
        await mailer.send({
          to: email,
          subject: t('mail.invitation.subject', {
            ...values,
            inviter: inviter.name || t('mail.invitation.someone'),
          }),
          text: [
            t('mail.invitation.greeting'),
            '',
            t('mail.invitation.body', { ...values, inviter: inviter.name || t('mail.invitation.aMember') }),
            '',
            t('mail.invitation.signIn', values),
            links.to('/dashboard'),
            t('mail.invitation.signUp', { ...values, url: links.to('/signup') }),
            '',
            t('mail.invitation.expires', { date: formatDateTime(expiresAt, language) }),
          ].join('\n'),
        });
      } catch (error) {
        logger.error({ err: error, orgId }, 'invitation mail failed');
      }
      return listForOrg(orgId);
    },

    async cancel(orgId: string, email: string) {
      const removed = await db
        .delete(i)
        .where(and(eq(i.orgId, orgId), eq(i.email, email)))
        .returning({ id: i.id });
      if (removed.length === 0) throw new AppError('INVITE_NOT_FOUND', 404, 'No invitation for this address.');
      return listForOrg(orgId);
    },

    /** The invited person answers: accept (also after declining) makes them a member, decline keeps it answerable. */
    async answer({
      user,
      orgId,
      action,
    }: {
      user: { id: string; email: string };
      orgId: string;
      action: 'accept' | 'decline' | 'acceptDeclined';
    }) {
      const email = user.email.toLowerCase();
      await db.transaction(async (tx) => {
        const [invite] = await tx
          .select()
          .from(i)
          .where(and(eq(i.orgId, orgId), eq(i.email, email), gt(i.expiresAt, new Date())))
          .for('update');
        if (!invite) throw new AppError('INVITE_NOT_FOUND', 404, 'No open invitation from this organisation.');
        const expected = action === 'acceptDeclined' ? 'declined' : 'pending';
        if (invite.status !== expected) {
          throw new AppError(
            'INVITE_STATE',
            409,
            invite.status === 'declined'
              ? 'You declined this invitation: accept it with acceptDeclined.'
              : 'This invitation is still open: accept or decline it.',
          );
        }
        if (action === 'decline') {
          await tx.update(i).set({ status: 'declined' }).where(eq(i.id, invite.id));
          return;
        }
        await tx.insert(m).values({ orgId, userId: user.id, role: 'member' }).onConflictDoNothing();
        await tx.delete(i).where(eq(i.id, invite.id));
      });
      return listForUser(email);
    },
  };
}

export type Invites = ReturnType<typeof createInvites>;
