import { recordFields, type SourcetableRecord } from './sourcetable';

/**
 * NTRIP 2.0 sourcetable filtering. Both criteria are semicolon-separated patterns aligned with the record's
 * fields, type first (`STR;;;;;;;;DEU` tests the type and the country); an empty pattern matches anything
 * and a pattern past the record's last field matches nothing. A record must pass both criteria.
 *
 * - `match`: case-insensitive equality.
 * - `filter`: per field one of
 *   - `>n`, `<n`, `>=n`, `<=n`, `=n`, `!=n` with a decimal number n: numeric comparison; a field that is
 *     not a number fails it;
 *   - text with `*` wildcards (any run of characters, also none), case-insensitive;
 *   - other text: case-insensitive equality, as in `match`.
 */
export interface SourcetableCriteria {
  match?: string;
  filter?: string;
}

type FieldTest = (field: string) => boolean;

const COMPARISON_PATTERN = /^(>=|<=|!=|>|<|=)[ \t]*([+-]?(?:\d+(?:\.\d*)?|\.\d+))$/;
const BARE_CRITERIA_PATTERN = /^(STR|CAS|NET);/i;

/**
 * Criteria from a request's raw query: `match=` and `filter=` parameters, or the NTRIP 2.0 simple form
 * `GET /?STR;;;;;;;;DEU`, which is read as a filter.
 */
export function criteriaFromQuery(rawQuery: string): SourcetableCriteria {
  if (BARE_CRITERIA_PATTERN.test(rawQuery)) {
    const filter = safeDecode(rawQuery);
    return filter === undefined ? {} : { filter };
  }
  const params = new URLSearchParams(rawQuery);
  const match = params.get('match');
  const filter = params.get('filter');
  return { ...(match !== null && { match }), ...(filter !== null && { filter }) };
}

export function hasCriteria(criteria: SourcetableCriteria): boolean {
  return Boolean(criteria.match) || Boolean(criteria.filter);
}

export function filterSourcetable<T extends SourcetableRecord>(
  records: readonly T[],
  criteria: SourcetableCriteria,
): T[] {
  const tests = [...compile(criteria.match, equalsIgnoringCase), ...compile(criteria.filter, filterTest)];
  if (tests.length === 0) return [...records];
  return records.filter((record) => {
    const fields = recordFields(record);
    return tests.every(({ index, test }) => {
      const field = fields[index];
      return field !== undefined && test(field);
    });
  });
}

function compile(
  criteria: string | undefined,
  toTest: (pattern: string) => FieldTest,
): { index: number; test: FieldTest }[] {
  if (!criteria) return [];
  return criteria.split(';').flatMap((pattern, index) => (pattern === '' ? [] : [{ index, test: toTest(pattern) }]));
}

function equalsIgnoringCase(pattern: string): FieldTest {
  const expected = pattern.toLowerCase();
  return (field) => field.toLowerCase() === expected;
}

function filterTest(pattern: string): FieldTest {
  const comparison = COMPARISON_PATTERN.exec(pattern);
  if (comparison) return numericTest(comparison[1] ?? '=', Number(comparison[2]));
  if (pattern.includes('*')) return wildcardTest(pattern);
  return equalsIgnoringCase(pattern);
}

function numericTest(operator: string, operand: number): FieldTest {
  return (field) => {
    const text = field.trim();
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) return false;
    switch (operator) {
      case '>':
        return value > operand;
      case '<':
        return value < operand;
      case '>=':
        return value >= operand;
      case '<=':
        return value <= operand;
      case '!=':
        return value !== operand;
      default:
        return value === operand;
    }
  };
}

/** `*` wildcards without regular expressions: patterns come from clients, so no backtracking blow-up. */
function wildcardTest(pattern: string): FieldTest {
  const expected = pattern.toLowerCase();
  return (field) => wildcardMatches(expected, field.toLowerCase());
}

/** Greedy two-pointer glob match: O(pattern x text) in the worst case. */
function wildcardMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
