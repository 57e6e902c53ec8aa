import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('request logging', () => {
  it('never writes a reset token from a path or a query', () => {
    expect(redactUrl('/api/auth/reset-password/abcDEF123?callbackURL=http%3A%2F%2Fx')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=http%3A%2F%2Fx',
    );
    expect(redactUrl('/reset-password?token=abcDEF123&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/accounts?limit=5')).toBe('/api/accounts?limit=5');
  });
});
