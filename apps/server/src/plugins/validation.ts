import type { ErrorDetail } from '@fixpoint/shared';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { type BrokenRule, type IssueFacts, ruleOfIssue, ruleWords } from '../lib/validation-words';

/** One refused field as Fastify carries it to the error handler, with the rule it broke when zod's words were ours. */
export interface RuleValidationError extends FastifySchemaValidationError {
  rule?: BrokenRule['rule'];
  ruleParams?: ErrorDetail['params'];
}

// fastify-type-provider-zod marks its validation errors with this symbol; ours carry it too so either reads as one.
const zodValidationMark = Symbol.for('ZodFastifySchemaValidationError');
// zod asks for a message only when the schema has none of its own; this marks the answer as "say the rule".
const ruleMark = '\u0000rule:';

/**
 * Request validation with Zod (the shared contracts), answering in words: an issue without a message written for it
 * gets "must be at least 3 characters long" instead of zod's "Too small: expected string to have >=3 characters",
 * and keeps its rule (`minLength`, `count: 3`) for clients that say it in their user's language.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, {
      error: (issue) => `${ruleMark}${JSON.stringify(ruleOfIssue(issue as IssueFacts))}`,
    });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue): RuleValidationError => {
        const broken = issue.message.startsWith(ruleMark)
          ? (JSON.parse(issue.message.slice(ruleMark.length)) as BrokenRule)
          : undefined;
        return Object.assign(
          {
            keyword: issue.code,
            instancePath: `/${issue.path.join('/')}`,
            schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
            params: {},
            message: broken ? ruleWords(broken) : issue.message,
            ...(broken && { rule: broken.rule, ruleParams: broken.params }),
          },
          { [zodValidationMark]: true },
        );
      }),
    };
  };
