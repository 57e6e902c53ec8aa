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

describe('BRAND', () => {
  it('defaults to the default brand and accepts every registered key', () => {
    expect(loadEnv({}).BRAND).toBe('fixpoint');
    expect(loadEnv({ BRAND: 'skyfix' }).BRAND).toBe('skyfix');
  });

  it('stops on an unknown brand with a branding error naming the allowed keys', () => {
    expect(() => loadEnv({ BRAND: 'acme' })).toThrow(
      'BRAND: Branding error: unknown brand "acme". Allowed brands: fixpoint, akkerpunt, skyfix, baupunkt.',
    );
  });

  it('accepts an analytics script as an http(s) URL or an absolute path, nothing else', () => {
    expect(loadEnv({ ANALYTICS_SCRIPT_URL: '/stats.js' }).ANALYTICS_SCRIPT_URL).toBe('/stats.js');
    expect(loadEnv({}).ANALYTICS_SCRIPT_URL).toBeUndefined();
    for (const bad of ['//cdn.example/s.js', 'javascript:alert(1)', 'stats.js']) {
      expect(() => loadEnv({ ANALYTICS_SCRIPT_URL: bad })).toThrow('ANALYTICS_SCRIPT_URL');
    }
  });
});
