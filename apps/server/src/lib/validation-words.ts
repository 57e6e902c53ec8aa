import type { ErrorDetail, ValidationRule } from '@fixpoint/shared';

type RuleParams = NonNullable<ErrorDetail['params']>;

/** A rule a value broke, with what the words need (`count`, `limit`, `expected`, `keys`). */
export interface BrokenRule {
  rule: ValidationRule;
  params?: RuleParams;
}

const typeNouns: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * The English words for a broken rule, to follow a field's name: "must be at least 8 characters long". Never the
 * rule's key: a person reads these (the web says the same in the user's language from `rule` and `params`).
 */
export function ruleWords({ rule, params = {} }: BrokenRule): string {
  const count = Number(params.count);
  const limit = params.limit;
  switch (rule) {
    case 'required':
      return 'is required';
    case 'type':
      return typeof params.expected === 'string' && typeNouns[params.expected]
        ? `must be ${typeNouns[params.expected]}`
        : 'has the wrong type';
    case 'integer':
      return 'must be a whole number';
    case 'minLength':
      return `must be at least ${count} ${plural(count, 'character', 'characters')} long`;
    case 'maxLength':
      return `must be at most ${count} ${plural(count, 'character', 'characters')} long`;
    case 'length':
      return `must be exactly ${count} ${plural(count, 'character', 'characters')} long`;
    case 'min':
      return `must be at least ${limit}`;
    case 'max':
      return `must be at most ${limit}`;
    case 'greaterThan':
      return `must be greater than ${limit}`;
    case 'lessThan':
      return `must be less than ${limit}`;
    case 'minItems':
      return count === 1 ? 'must have at least one item' : `must have at least ${count} items`;
    case 'maxItems':
      return `must have at most ${count} ${plural(count, 'item', 'items')}`;
    case 'multipleOf':
      return `must be a multiple of ${limit}`;
    case 'email':
      return 'must be a valid e-mail address';
    case 'url':
      return 'must be a valid web address';
    case 'id':
      return 'is not a valid id';
    case 'date':
      return 'must be a valid date';
    case 'dateTime':
      return 'must be a valid date and time';
    case 'pattern':
      return 'is not in the expected format';
    case 'choice':
      return 'is not one of the allowed choices';
    case 'unknownField':
      return `has fields that are not accepted (${params.keys})`;
    case 'lowercase':
      return 'must contain a lower-case letter';
    case 'uppercase':
      return 'must contain an upper-case letter';
    case 'digit':
      return 'must contain a digit';
    case 'symbol':
      return 'must contain a character that is not a letter or digit';
    case 'controlCharacters':
      return 'must not contain control or invisible formatting characters';
    default:
      return 'is invalid';
  }
}

/** The fields of a zod issue (zod 4) that say which rule broke; `input` is the value, present while it is mapped. */
export interface IssueFacts {
  code: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  divisor?: number | bigint;
  keys?: string[];
  /** A refinement's own facts: `plainText` (packages/shared) names its rule here. */
  params?: { rule?: unknown };
}

const idFormats = new Set(['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'nanoid', 'xid', 'ksuid']);

/** Which rule a zod issue reports, in the API's vocabulary (`validationRules` in packages/shared). */
export function ruleOfIssue(issue: IssueFacts): BrokenRule {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { rule: 'required' };
      if (issue.expected === 'int') return { rule: 'integer' };
      return { rule: 'type', params: { expected: String(issue.expected) } };
    case 'too_small':
    case 'too_big':
      return sizeRule(issue);
    case 'invalid_format':
      if (issue.format === 'email' || issue.format === 'url' || issue.format === 'date') return { rule: issue.format };
      if (issue.format === 'datetime') return { rule: 'dateTime' };
      if (issue.format && idFormats.has(issue.format)) return { rule: 'id' };
      return { rule: 'pattern' };
    case 'not_multiple_of':
      return { rule: 'multipleOf', params: { limit: Number(issue.divisor) } };
    case 'invalid_value':
      return { rule: 'choice' };
    case 'unrecognized_keys':
      return { rule: 'unknownField', params: { keys: (issue.keys ?? []).join(', ') } };
    case 'custom':
      return issue.params?.rule === 'controlCharacters' ? { rule: 'controlCharacters' } : { rule: 'invalid' };
    default:
      return { rule: 'invalid' };
  }
}

function sizeRule(issue: IssueFacts): BrokenRule {
  const isMin = issue.code === 'too_small';
  const bound = Number(isMin ? issue.minimum : issue.maximum);
  if (issue.origin === 'string') {
    // An empty text where one is needed is "required", not "at least 1 character".
    if (isMin && bound === 1 && !issue.exact) return { rule: 'required' };
    return { rule: issue.exact ? 'length' : isMin ? 'minLength' : 'maxLength', params: { count: bound } };
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return { rule: isMin ? 'minItems' : 'maxItems', params: { count: bound } };
  }
  if (issue.origin === 'number' || issue.origin === 'bigint') {
    const rule = isMin
      ? issue.inclusive === false
        ? 'greaterThan'
        : 'min'
      : issue.inclusive === false
        ? 'lessThan'
        : 'max';
    return { rule, params: { limit: bound } };
  }
  return { rule: 'invalid' };
}
