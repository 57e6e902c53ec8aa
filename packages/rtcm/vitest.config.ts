import { defineProject } from 'vitest/config';
import { ciRetry } from '../../vitest.ci.ts';

export default defineProject({
  test: { name: 'rtcm', environment: 'node', retry: ciRetry },
});
