// Exploration throughput: BFS with deduplication on a 3-member Java group (scale-out from 2 to 3 members,
// then crashes, restarts, failovers and time), reported as the median of several runs after warm-up runs.
// Run alone: `npx tsx bench/explore.ts` (or `node --import tsx bench/explore.ts`).
import { fileURLToPath } from 'node:url';
import { explore, type ExploreResult } from '../src/core/explore/index.ts';
import type { Scenario } from '../src/core/scenario/types.ts';

/** Three Java members (a, b join; c joins during exploration), one subtopology with 6 tasks and standbys. */
export function threeMemberScenario(): Scenario {
  return {
    format: 1,
    protocol: 'ak4',
    variant: 'current',
    config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0, 'group.streams.num.standby.replicas': 1 },
    groupId: 'app',
    topics: [
      { name: 'orders', partitions: 6 },
      { name: 'app-0-changelog', partitions: 6 },
    ],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['orders'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] }] },
    clients: { a: { profile: 'java', processId: 'p1' }, b: { profile: 'java', processId: 'p2' }, c: { profile: 'java', processId: 'p3' } },
    steps: [
      { client: 'a', do: 'join' },
      { client: 'b', do: 'join' },
    ],
  };
}

export interface ExploreBench {
  depth: number;
  runs: number;
  states: number;
  transitions: number;
  /** Median generated states (transitions) per second. */
  medianStatesPerSecond: number;
  /** Median distinct states per second. */
  medianDistinctPerSecond: number;
  minStatesPerSecond: number;
  maxStatesPerSecond: number;
  /** The first warm-up run (cold JIT, empty assignor memo): what a one-off exploration sees. */
  coldStatesPerSecond: number;
  /** Warm-up runs before the measured ones. */
  warmups: number;
  violations: number;
}

/**
 * Warm-up before the measured runs (as JMH's warm-up iterations): at least 2 runs and 90,000 transitions. The JIT takes
 * about that long to settle: a fresh process's depth-5 runs (18,085 transitions each) went 17k, 29-37k, 46-52k,
 * 39-49k and 46-49k generated states/s, then 50-60k from the sixth on.
 */
export const WARMUP_RUNS = 2;
export const WARMUP_TRANSITIONS = 90_000;

export function benchExplore(options: { depth?: number; runs?: number } = {}): ExploreBench {
  const depth = options.depth ?? 5;
  const runs = options.runs ?? 5;
  const scenario = threeMemberScenario();
  const cold = explore(scenario, { bfs: true, depth });
  let warmups = 1;
  for (let transitions = cold.transitions; warmups < WARMUP_RUNS || transitions < WARMUP_TRANSITIONS; warmups++) transitions += explore(scenario, { bfs: true, depth }).transitions;
  const results: ExploreResult[] = [];
  for (let i = 0; i < runs; i++) results.push(explore(scenario, { bfs: true, depth }));
  const perSec = results.map((r) => (r.transitions * 1000) / r.elapsedMs).sort((a, b) => a - b);
  const distinct = results.map((r) => (r.states * 1000) / r.elapsedMs).sort((a, b) => a - b);
  const mid = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
  return {
    depth,
    runs,
    states: results[0]!.states,
    transitions: results[0]!.transitions,
    medianStatesPerSecond: Math.round(mid(perSec)),
    medianDistinctPerSecond: Math.round(mid(distinct)),
    minStatesPerSecond: Math.round(perSec[0]!),
    maxStatesPerSecond: Math.round(perSec[perSec.length - 1]!),
    coldStatesPerSecond: Math.round((cold.transitions * 1000) / cold.elapsedMs),
    warmups,
    violations: results[0]!.violations.length,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const depth = Number(process.argv[2] ?? 5);
  const b = benchExplore({ depth, runs: Number(process.argv[3] ?? 5) });
  console.log(`explore BFS, 3-member Java group, depth ${b.depth}: ${b.states} distinct states, ${b.transitions} transitions, ${b.violations} violations`);
  console.log(
    `  median ${b.medianStatesPerSecond} generated states/s (min ${b.minStatesPerSecond}, max ${b.maxStatesPerSecond}), median ${b.medianDistinctPerSecond} distinct states/s over ${b.runs} runs after ${b.warmups} warm-up runs`,
  );
  console.log(`  first (cold) run: ${b.coldStatesPerSecond} generated states/s`);
}
