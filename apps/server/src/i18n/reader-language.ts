import { type Database, schema } from '@fixpoint/db';
import type { Language } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recipientLanguage } from './i18n';

/**
 * The language to answer a request in (recipientLanguage): the brand's static language, else the one the signed-in
 * person chose (read from their user), else the request's Accept-Language, else English.
 */
export async function readerLanguage(
  db: Database,
  request: FastifyRequest,
  staticLanguage?: Language | undefined,
): Promise<Language> {
  const [reader] = request.user
    ? await db
        .select({ language: schema.users.language })
        .from(schema.users)
        .where(eq(schema.users.id, request.user.id))
    : [];
  return recipientLanguage({
    staticLanguage,
    stored: reader?.language,
    acceptLanguage: request.headers['accept-language'],
  });
}
