import { defineProject } from 'vitest/config';
import { ciRetry } from '../../vitest.ci.ts';

export default defineProject({
  test: { name: 'db', environment: 'node', isolate: false, testTimeout: 20_000, hookTimeout: 60_000, retry: ciRetry },
});
