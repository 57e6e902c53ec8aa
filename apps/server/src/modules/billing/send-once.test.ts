import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@fixpoint/db/testing';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer';
import { sendOnce } from './send-once';

describe('sendOnce', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const outbox = mkdtempSync(join(tmpdir(), 'fixpoint-send-once-'));
  const mailer = createMailer({ from: 'billing@example.com', outboxDir: outbox, logger: pino({ level: 'silent' }) });
  const message = () => ({ to: 'owner@example.com', subject: 'Access ends soon', text: 'Renew it.' });
  const mails = () => readdirSync(outbox).length;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('sends a key once, however often it is asked', async () => {
    expect(await sendOnce(database.db, mailer, 'notice:once', message)).toBe(true);
    expect(await sendOnce(database.db, mailer, 'notice:once', message)).toBe(false);
    expect(mails()).toBe(1);
  });

  it('leaves a claim a live process holds, and takes one whose process died before sending', async () => {
    const before = mails();
    // Another process claimed these and is still sending the first; the second's process died minutes ago.
    await database.db.execute(sql`insert into sent_notices (key, claimed_until) values
      ('notice:in-flight', now() + interval '4 minutes'), ('notice:orphaned', now() - interval '1 second')`);
    expect(await sendOnce(database.db, mailer, 'notice:in-flight', message)).toBe(false);
    expect(await sendOnce(database.db, mailer, 'notice:orphaned', message)).toBe(true);
    expect(mails()).toBe(before + 1);
    // Sent and confirmed: not taken again once the claim's time has passed.
    await database.db.execute(
      sql`update sent_notices set sent_at = now() - interval '1 day' where key = 'notice:orphaned'`,
    );
    expect(await sendOnce(database.db, mailer, 'notice:orphaned', message)).toBe(false);
  });
});
