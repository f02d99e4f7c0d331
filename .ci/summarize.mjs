// Prints vitest's JSON reports (one per suite) as the closing line CI reads: "total: N passed, N failed".
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  } catch (e) {
    failed += 1;
    console.error(`no test report at ${file}: ${e.message}`);
  }
}
console.log(`total: ${passed} passed, ${failed} failed`);
if (passed === 0 || failed > 0) process.exit(1);
