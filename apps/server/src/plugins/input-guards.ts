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
 * Hostile input (issue 16): text with a NUL character is refused on every route before validation, as 400
 * `VALIDATION_FAILED`, instead of reaching the database and failing there as a 500.
 */
export function registerInputGuards(app: FastifyInstance) {
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
