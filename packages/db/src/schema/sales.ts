import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const field = (name: string) => text(name).notNull().default('');

/**
 * A lead from the sales form (spec §3), stored before anything else happens, then forwarded to the automation
 * webhook in the background with retries (decision 0047). `nextAttemptAt` is also the claim: a sender moves it
 * ahead before it posts, so another process leaves the lead alone until that lease runs out.
 */
export const salesRequests = pgTable(
  'sales_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: field('first_name'),
    lastName: field('last_name'),
    email: field('email'),
    /** The signed-in user's e-mail from the session, never from the body; empty for a visitor. */
    loggedInEmail: field('logged_in_email'),
    company: field('company'),
    phoneNumber: field('phone_number'),
    submittedFrom: field('submitted_from'),
    message: field('message'),
    gclid: field('gclid'),
    /** The caller's address (behind a trusted proxy, the forwarded one), for abuse reports. */
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    forwarding: text('forwarding', { enum: ['pending', 'forwarded', 'failed'] })
      .notNull()
      .default('pending'),
    /** Sends started, the one in flight included. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the last send failed: an HTTP status or a network error, never the webhook's address. */
    lastError: text('last_error'),
    /** When a pending lead is due; null once forwarded or failed. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
  },
  (t) => [index('sales_requests_due_idx').on(t.forwarding, t.nextAttemptAt)],
);
