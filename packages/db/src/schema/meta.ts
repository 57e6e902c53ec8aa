import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** App-wide metadata (spec: GET/PUT /meta). A single row, id = 1. */
export const appMeta = pgTable(
  'app_meta',
  {
    id: smallint('id').primaryKey().default(1),
    gtagId: text('gtag_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('app_meta_single_row', sql`${t.id} = 1`)],
);

/** Per-page title and description (spec: GET/PUT /meta/pages/{page}). */
export const pageMeta = pgTable('page_meta', {
  page: text('page').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
