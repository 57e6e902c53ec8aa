import type { PasswordPolicy } from '@fixpoint/shared';
import type { Env } from './env';

export function passwordPolicyFromEnv(env: Env): PasswordPolicy {
  return {
    minLength: env.PASSWORD_MIN_LENGTH,
    maxLength: Math.max(env.PASSWORD_MAX_LENGTH, env.PASSWORD_MIN_LENGTH),
    requireLowercase: env.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: env.PASSWORD_REQUIRE_UPPERCASE,
    requireDigit: env.PASSWORD_REQUIRE_DIGIT,
    requireSymbol: env.PASSWORD_REQUIRE_SYMBOL,
  };
}
