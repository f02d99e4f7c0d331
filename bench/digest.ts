// A digest of the core's results, for checking that a performance change changes none of them: for every example
// (and the explorer fixture) under every variant of its edition, the runner's trace, a BFS to depth 3 and 15 seeded
// walks (states, transitions, each violation with its message and share link); then the explorer benchmark's BFS
// to depth 6. One line per entry, so a diff of two digests names what changed.
// Run: `node --import tsx bench/digest.ts > before.txt`, change the code, run again and diff.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { variantsFor } from '../src/core/variants/index.ts';
import { explore, type ExploreResult } from '../src/core/explore/index.ts';
import { parseScenario } from '../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../src/core/scenario/runner.ts';
import type { Scenario, Variant } from '../src/core/scenario/types.ts';
import { threeMemberScenario } from './explore.ts';

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
const sha = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);
const summary = (r: ExploreResult) =>
  sha({ states: r.states, transitions: r.transitions, truncated: r.truncated, violations: r.violations.map((v) => [v.invariant, v.message, v.depth, v.reproduced, v.link]) });
const clock = () => 0;

function attempt(f: () => string): string {
  try {
    return f();
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
}

const files = readdirSync(here('../static/examples'))
  .filter((f) => f.endsWith('.json') && f !== 'index.json')
  .sort()
  .map((f) => here(`../static/examples/${f}`));
files.push(here('../test/explore/fixtures/kafka-20870-two-roles.json'));

for (const file of files) {
  const parsed = parseScenario(readFileSync(file, 'utf8'));
  const name = file.split('/').pop()!;
  if (!parsed.ok) {
    console.log(`${name}: does not parse`);
    continue;
  }
  const variants: readonly Variant[] = parsed.scenario.protocol === 'ak4' ? variantsFor('ak4') : [parsed.scenario.variant];
  for (const variant of variants) {
    const s: Scenario = { ...parsed.scenario, variant };
    const run = attempt(() => sha(new ScenarioRunner(s).run()));
    const bfs = attempt(() => summary(explore(s, { bfs: true, depth: 3, clock })));
    const walks = attempt(() => summary(explore(s, { walks: 15, depth: 25, seed: 7, clock })));
    console.log(`${name} ${variant}: run ${run} bfs ${bfs} walks ${walks}`);
  }
}
const bench = explore(threeMemberScenario(), { bfs: true, depth: 6, clock });
console.log(`explorer benchmark, depth 6: ${bench.states} states, ${bench.transitions} transitions, ${summary(bench)}`);
