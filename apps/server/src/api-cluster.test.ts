import { describe, expect, it } from 'vitest';
import { apiOnlyIssues } from './api-cluster';
import { loadEnv } from './config/env';

describe('npm run start:api configuration', () => {
  const url = 'postgres://fixpoint@127.0.0.1:5432/fixpoint';

  it('needs PostgreSQL, and NATS for more than one worker', () => {
    expect(apiOnlyIssues(loadEnv({}), undefined)).toEqual([expect.stringMatching(/^DATABASE_URL: /)]);
    expect(apiOnlyIssues(loadEnv({ DATABASE_URL: url }), undefined)).toEqual([]);
    expect(apiOnlyIssues(loadEnv({ DATABASE_URL: url, API_WORKERS: '2' }), undefined)).toEqual([
      expect.stringMatching(/^API_WORKERS: .*NATS_URL/),
    ]);
    expect(apiOnlyIssues(loadEnv({ DATABASE_URL: url, API_WORKERS: '2' }), 'nats://127.0.0.1:4222')).toEqual([]);
  });

  it('refuses a worker count that is not a whole number from 1 to 64', () => {
    expect(() => loadEnv({ API_WORKERS: '0' })).toThrow(/API_WORKERS/);
    expect(() => loadEnv({ API_WORKERS: 'many' })).toThrow(/API_WORKERS/);
  });
});
