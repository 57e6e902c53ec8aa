import { defineProject } from 'vitest/config';
import { ciRetry } from '../../vitest.ci.ts';

// Hooks open test databases: on a fresh machine the first ones migrate PGlite from scratch while every other
// project's workers compete for the cores, which can take longer than vitest's default 10 s.
export default defineProject({
  test: {
    name: 'caster',
    environment: 'node',
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    retry: ciRetry,
  },
});
