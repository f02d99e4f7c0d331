// The CPU a request costs, per example scenario (edge platforms cap CPU per request; workerd freezes its clocks while
// a request computes, so this measures in Node, on the same V8). Run where streams-group-core is installed:
//   node cpu.mjs ../../static/examples/*.json
// Prints, per file, the median and the slowest of 15 requests (after 3 warm-up requests), in ms.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import worker from './worker.mjs';

const RUNS = 15;
const WARM_UP = 3;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log('| scenario | report bytes | median ms | max ms |');
console.log('| --- | ---: | ---: | ---: |');
for (const file of process.argv.slice(2)) {
  const body = readFileSync(file, 'utf8');
  const times = [];
  let bytes = 0;
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const start = process.cpuUsage();
    const res = await worker.fetch(new Request('http://localhost/', { method: 'POST', body }));
    bytes = (await res.arrayBuffer()).byteLength;
    const used = process.cpuUsage(start);
    if (i >= WARM_UP) times.push((used.user + used.system) / 1000);
  }
  console.log(`| ${basename(file)} | ${bytes} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`);
}
