import { type Database, schema } from '@fixpoint/db';
import { desc, eq } from 'drizzle-orm';

/** The newest version of the terms and of the privacy document, if any was published. */
export async function currentDocuments(db: Database) {
  const d = schema.legalDocuments;
  const newest = async (kind: 'terms' | 'privacy') =>
    (await db.select().from(d).where(eq(d.kind, kind)).orderBy(desc(d.version)).limit(1))[0] ?? null;
  const [terms, privacy] = await Promise.all([newest('terms'), newest('privacy')]);
  return { terms, privacy };
}
