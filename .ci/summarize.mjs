// Prints vitest's JSON report as the closing line CI reads: "total: N passed, N failed".
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.log('total: 0 passed, 1 failed');
  console.error(`no test report at ${file}: ${e.message}`);
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
console.log(`total: ${passed} passed, ${failed} failed`);
if (passed === 0 || failed > 0) process.exit(1);
