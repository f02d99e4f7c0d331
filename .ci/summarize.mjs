// Prints vitest's JSON reports (one per suite) as the closing lines CI reads: each failed test (file, name, first line
// of its message), then "total: N passed, N failed". The failures come last so that a CI log's tail names them.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
    for (const suite of report.testResults ?? []) {
      const where = relative(process.cwd(), suite.name ?? '');
      const tests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of tests) {
        const first = String(t.failureMessages?.[0] ?? '').split('\n')[0];
        failures.push(`FAILED ${where} > ${t.fullName ?? t.title}\n  ${first.slice(0, 400)}`);
      }
      if (tests.length === 0 && suite.status === 'failed') {
        const first = String(suite.message ?? '').split('\n')[0];
        failures.push(`FAILED ${where} (the file)\n  ${first.slice(0, 400)}`);
      }
    }
  } catch (e) {
    failed += 1;
    console.error(`no test report at ${file}: ${e.message}`);
  }
}
for (const line of failures) console.log(line);
console.log(`total: ${passed} passed, ${failed} failed`);
if (passed === 0 || failed > 0) process.exit(1);
