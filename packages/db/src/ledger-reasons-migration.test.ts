import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

const codesMigration = '0013_ledger_reason_codes_and_user_language';

/** The migration folder as it was before `tag`: the same files, a journal that ends just before it. */
function folderBefore(tag: string, into: string) {
  cpSync(migrationsFolder, into, { recursive: true });
  const journalPath = join(into, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return into;
}

describe(`migration ${codesMigration}`, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'fixpoint-migration-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("reads the English descriptions written before it into codes and values, and keeps what it can't read", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folderBefore(codesMigration, join(scratch, 'before')) });
    await db.execute(sql`insert into users (id, name, email) values ('u1', 'Ann', 'ann@example.com')`);
    const job = '7f7d2c1e-56a4-4e43-9a55-3c0a4d4f0b11';
    const rows: [kind: string, reason: string, externalRef: string | null][] = [
      ['spend', '1 day on Demo network', null],
      ['spend', '30 days on Net: north, 2', null],
      ['purchase', 'Bought Season pack', 'checkout:1'],
      ['refund', 'Refund of 3f2a9b1c', 'refund:1'],
      ['refund', 'Refund of 3f2a9b1c: 12 credits were already spent', 'refund:2'],
      ['spend', 'RINEX DEMO1, 1.5 h of data', `rinex:${job}`],
      ['spend', 'RINEX DEMO2, 7 min of data', 'rinex:gone'],
      ['refund', 'RINEX DEMO1: conversion failed', 'rinex-refund:1'],
      ['grant', 'Granted by an administrator', null],
      ['grant', 'Season bonus', null],
      ['correction', 'Corrected by an administrator', null],
      ['spend', 'Something from elsewhere', null],
    ];
    for (const [index, [kind, reason, externalRef]] of rows.entries()) {
      const amount = kind === 'spend' || kind === 'refund' || kind === 'correction' ? -1 : 1;
      await db.execute(sql`insert into credit_ledger (owner_user_id, amount, balance_after, kind, reason, external_ref,
        created_at) values ('u1', ${amount}, 0, ${kind}, ${reason}, ${externalRef},
        ${new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString()})`);
    }
    // The job row that the first RINEX spend names: its covered seconds are exact, the text's hours are rounded.
    await db.execute(sql`insert into rinex_jobs (id, owner_user_id, mountpoint, from_at, to_at, interval_seconds,
      covered_seconds, credits) values (${job}, 'u1', 'DEMO1', now() - interval '2 hours', now(), 1, 5399, 3)`);

    await migrate(db, { migrationsFolder });
    const after = await db.execute<{ reason_code: string | null; reason_params: object; reason: string }>(
      sql`select reason_code, reason_params, reason from credit_ledger order by created_at`,
    );
    expect(after.rows.map((row) => [row.reason_code, row.reason_params, row.reason])).toEqual([
      ['activation', { days: 1, network: 'Demo network' }, ''],
      ['activation', { days: 30, network: 'Net: north, 2' }, ''],
      ['purchase', { product: 'Season pack' }, ''],
      ['refund', { reference: '3f2a9b1c', unrecovered: 0 }, ''],
      ['refund', { reference: '3f2a9b1c', unrecovered: 12 }, ''],
      ['rinexSpend', { mountpoint: 'DEMO1', seconds: 5399 }, ''],
      ['rinexSpend', { mountpoint: 'DEMO2', seconds: 420 }, ''],
      ['rinexRefund', { mountpoint: 'DEMO1' }, ''],
      ['adminGrant', {}, ''],
      ['adminGrant', {}, 'Season bonus'],
      ['adminCorrection', {}, ''],
      [null, {}, 'Something from elsewhere'],
    ]);
    await client.close();
  });
});
