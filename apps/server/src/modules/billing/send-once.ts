import { type Database, schema } from '@fixpoint/db';
import { eq, sql } from 'drizzle-orm';
import type { Mailer, MailMessage } from '../mail/mailer';

/** How long a process has to send a claimed mail before another may take the claim (it died mid-send). */
const CLAIM_SECONDS = 300;

/**
 * Sends a billing e-mail once per `key` (docs/decisions/0039): the key is claimed in `sent_notices` before the mail
 * is written and sent, confirmed once it went, and released if either fails (the error is thrown on), so a later run
 * tries again. A claim whose process died before confirming is taken again after `CLAIM_SECONDS` (decision 0084).
 * Answers false when the key was claimed already.
 */
export async function sendOnce(
  db: Database,
  mailer: Mailer,
  key: string,
  message: () => MailMessage | Promise<MailMessage>,
): Promise<boolean> {
  const n = schema.sentNotices;
  const claimedUntil = sql`now() + make_interval(secs => ${CLAIM_SECONDS})`;
  const [claimed] = await db
    .insert(n)
    .values({ key, claimedUntil })
    .onConflictDoUpdate({ target: n.key, set: { claimedUntil }, where: sql`${n.claimedUntil} < now()` })
    .returning({ key: n.key });
  if (!claimed) return false;
  try {
    await mailer.send(await message());
  } catch (error) {
    await db.delete(n).where(eq(n.key, key));
    throw error;
  }
  await db.update(n).set({ sentAt: sql`now()`, claimedUntil: null }).where(eq(n.key, key));
  return true;
}
