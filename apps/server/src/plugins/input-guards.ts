import { AppError } from '@fixpoint/shared';
import type { FastifyInstance } from 'fastify';

/** The first path (`body.name`, `query.search`) whose text holds a NUL character, which PostgreSQL cannot store. */
export function findNulCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNulCharacter(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The deepest a JSON body may nest objects and lists. No request of ours needs more than a few levels; a body of
 * 20,000 levels overflowed the stack of whatever walked it next (issue 28). The NUL search above looks as deep.
 */
export const maxJsonDepth = 32;

/** Whether JSON text nests objects and lists deeper than `limit`, counted on the text before anything parses it. */
export function isNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (isInString) {
      if (char === 0x5c)
        i++; // a backslash escapes the next character
      else if (char === 0x22) isInString = false;
    } else if (char === 0x22) {
      isInString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Hostile input (issues 16 and 28): a JSON body nested deeper than `maxJsonDepth` is refused while it is read, on
 * every route (better-auth's too: they are routes of this app), as 400 `BAD_REQUEST`; text with a NUL character is
 * refused on every route before validation, as 400 `VALIDATION_FAILED`, instead of reaching the database and failing
 * there as a 500.
 */
export function registerInputGuards(app: FastifyInstance) {
  // Fastify's own JSON parser (prototype poisoning refused, as by default), after the depth count.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isNestedDeeperThan(body as string, maxJsonDepth)) {
      const message = `The request body nests objects and lists more than ${maxJsonDepth} levels deep.`;
      done(new AppError('BAD_REQUEST', 400, message), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    const found =
      findNulCharacter(request.params, 'params') ??
      findNulCharacter(request.query, 'query') ??
      findNulCharacter(request.body, 'body');
    if (found) {
      throw new AppError('VALIDATION_FAILED', 400, `Invalid ${found}: text may not contain NUL characters.`);
    }
  });
}
