// Source-topic regex matching (issue 22 item 1): `(a+)+b`, exponential under a backtracking engine, against
// topic names of growing length. A linear engine's time per character stays flat: the growth ratio of the cost
// per character between the sizes is printed (1.0 = linear). Median of 9 runs each, sizes interleaved.
import { compileTopicRegex } from '../src/core/topology/topicRegex.ts';
import { median } from './stats.ts';

const SIZES = [1_000, 10_000, 100_000];
const compiled = compileTopicRegex('(a+)+b');
if (!compiled.ok) throw new Error(compiled.reason);
const names = SIZES.map((n) => 'a'.repeat(n));
const times: number[][] = SIZES.map(() => []);
for (let run = 0; run < 10; run++) {
  names.forEach((name, i) => {
    const t0 = performance.now();
    if (compiled.matches(name)) throw new Error('(a+)+b matched a name without b');
    // the first round warms the JIT
    if (run > 0) times[i]!.push(performance.now() - t0);
  });
}
const perChar = SIZES.map((n, i) => median(times[i]!) / n);
console.log('characters | median ms | µs per character');
SIZES.forEach((n, i) => console.log(`${String(n).padStart(10)} | ${median(times[i]!).toFixed(3).padStart(9)} | ${(perChar[i]! * 1000).toFixed(3).padStart(16)}`));
console.log(`growth of the cost per character, ${SIZES[0]} → ${SIZES.at(-1)}: ${(perChar.at(-1)! / perChar[0]!).toFixed(2)} (1.0 = linear)`);
