// Totals the suites' JSON reports (vitest's json reporter) into `passed failed` on stdout. A test that did not run
// because its file failed (a failing beforeAll marks the file's tests skipped) counts as failed, and every failed
// test is named on stderr, so the end of the CI log says what broke. A test that passed only on a retry (decision
// 0035) is named as flaky, with its first error, so it gets fixed rather than forgotten.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
// The error with its diff (an assertion's expected and received), without the stack, so a failure is readable from
// the log alone.
const errorText = (text) => {
  const lines = (text ?? '').split('\n');
  const stack = lines.findIndex((line) => /^\s+at /.test(line));
  return lines
    .slice(0, Math.min(stack === -1 ? lines.length : stack, 24))
    .filter((line) => line.trim() !== '')
    .join('\n  ');
};
for (const file of readdirSync(dir)) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  for (const result of report.testResults) {
    const name = relative(process.cwd(), result.name);
    if (result.status === 'failed' && result.assertionResults.length === 0) {
      failed += 1;
      process.stderr.write(`FAILED ${file}: ${name}: ${errorText(result.message)}\n`);
    }
    for (const test of result.assertionResults) {
      if (test.status === 'passed') {
        passed += 1;
        if (test.failureMessages.length > 0) {
          process.stderr.write(`FLAKY ${file}: ${name} > ${test.fullName}: ${errorText(test.failureMessages[0])}\n`);
        }
      } else if (test.status === 'failed' || result.status === 'failed') {
        failed += 1;
        process.stderr.write(`FAILED ${file}: ${name} > ${test.fullName}: ${errorText(test.failureMessages[0])}\n`);
      }
    }
  }
}
process.stdout.write(`${passed} ${failed}\n`);
