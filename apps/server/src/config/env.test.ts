import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NODE_ENV).toBe('production');
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('names every bad variable', () => {
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const variables = (error as EnvError).issues.map((issue) => issue.variable).sort();
      expect(variables).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
      expect((error as EnvError).message).toContain('PORT:');
    }
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).DATABASE_URL).toBe(
      'postgres://u@127.0.0.1:5432/db',
    );
  });
});
