// `npm run bench:memory`: the peak resident memory (RSS) of the hostile shapes issue 22 found, each run in a fresh
// Node process under the scenario's default budgets, with the limit that stopped it. Before the retained-memory
// budget (playground.run.max.retained.mb), 2,000- and 5,000-member scenarios with busy heartbeats reached 2.2 GB RSS
// and a 150-member `explore --bfs` ran out of heap at 4.3 GB.
//   node --import tsx bench/memory.ts            all shapes, one child process each
//   node --import tsx bench/memory.ts one NAME   one shape in this process (prints one JSON line)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compareScenario } from '../src/core/compare/compare.ts';
import { explore } from '../src/core/explore/index.ts';
import { parseScenario } from '../src/core/scenario/parse.ts';
import { runScenario } from '../src/core/scenario/runner.ts';
import type { Scenario } from '../src/core/scenario/types.ts';
import { loadAverage } from './stats.ts';

/**
 * N members that join, then `runs` run steps of 10 minutes with a 1 ms heartbeat interval: every run step makes the
 * most heartbeats one step may (20,000), so the trace grows by 20,000 exchanges a step.
 */
export function busyHeartbeats(n: number, options: { runs: number; config: Record<string, number> }): unknown {
  const clients: Record<string, object> = {};
  for (let i = 0; i < n; i++) clients[`c${i}`] = {};
  return {
    format: 1,
    config: { 'group.streams.min.heartbeat.interval.ms': 1, 'group.streams.heartbeat.interval.ms': 1, 'message.max.bytes': 64 * 1024 * 1024, ...options.config },
    topics: [{ name: 'in', partitions: 64 }],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
    clients,
    steps: [...Object.keys(clients).map((c) => ({ client: c, do: 'join' })), ...Array.from({ length: options.runs }, () => ({ run: { ms: 600_000 } }))],
  };
}

/** N members that join and run until stable: explored breadth-first, every member's actions at every state. */
export function wideGroup(n: number): unknown {
  const clients: Record<string, object> = {};
  for (let i = 0; i < n; i++) clients[`m${i}`] = {};
  return {
    format: 1,
    config: { 'message.max.bytes': 64 * 1024 * 1024 },
    topics: [{ name: 'in', partitions: 300 }],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
    clients,
    steps: [...Object.keys(clients).map((c) => ({ client: c, do: 'join' })), { run: { until: 'stable' } }],
  };
}

function scenario(doc: unknown): Scenario {
  const r = parseScenario(JSON.stringify(doc));
  if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
  return r.scenario;
}

/** The wall-time and heap limits are raised: the figures show what the retained-memory budget alone bounds. */
const ONLY_RETAINED = { 'playground.run.max.ms': 3_600_000, 'playground.run.max.heap.mb': 100_000, 'playground.run.max.steps': 100_000_000 };

const SHAPES: Record<string, { what: string; run: () => { stopped: string | null; done: string } }> = {
  'run-5000': {
    what: 'sgp run: 5,000 members, busy heartbeats, 60 run steps',
    run: () => {
      const t = runScenario(scenario(busyHeartbeats(5000, { runs: 60, config: ONLY_RETAINED })));
      return { stopped: t.stopped?.limit ?? null, done: `${t.steps.length} steps` };
    },
  },
  'run-2000': {
    what: 'sgp run: 2,000 members, busy heartbeats, 60 run steps',
    run: () => {
      const t = runScenario(scenario(busyHeartbeats(2000, { runs: 60, config: ONLY_RETAINED })));
      return { stopped: t.stopped?.limit ?? null, done: `${t.steps.length} steps` };
    },
  },
  'compare-2000': {
    what: 'sgp compare: the same 2,000-member run under two variants',
    run: () => {
      const s = scenario(busyHeartbeats(2000, { runs: 60, config: ONLY_RETAINED }));
      const c = compareScenario(s, { variant: 'current' }, { variant: 'A-persist-partial' });
      return { stopped: c.stopped?.limit ?? null, done: `${c.left.trace.steps.length} + ${c.right.trace.steps.length} steps` };
    },
  },
  'explore-150': {
    what: 'sgp explore --bfs: 150 members, depth 6',
    run: () => {
      const r = explore(scenario({ ...(wideGroup(150) as object), config: { 'message.max.bytes': 64 * 1024 * 1024, ...ONLY_RETAINED } }), { bfs: true, depth: 6, maxStates: 10_000_000 });
      return { stopped: r.stopped?.limit ?? null, done: `${r.states} states` };
    },
  },
};

function one(name: string): void {
  const shape = SHAPES[name];
  if (!shape) throw new Error(`no shape ${name}: ${Object.keys(SHAPES).join(', ')}`);
  const c0 = process.cpuUsage();
  const r = shape.run();
  const u = process.cpuUsage(c0);
  console.log(JSON.stringify({ ...r, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), cpuS: Math.round((u.user + u.system) / 1e5) / 10 }));
}

function all(): void {
  console.log(`peak RSS of the hostile shapes, default budgets (wall time and heap raised), Node ${process.version}`);
  for (const [name, shape] of Object.entries(SHAPES)) {
    const before = loadAverage();
    const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'one', name], { encoding: 'utf8' });
    const out = r.status === 0 ? (JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { stopped: string | null; done: string; maxRssMb: number; cpuS: number }) : null;
    const line = out ? `peak RSS ${out.maxRssMb} MB, ${out.cpuS} s CPU, ${out.done}, stopped by ${out.stopped ?? 'nothing'}` : `failed (exit ${r.status}): ${r.stderr.slice(-300)}`;
    console.log(`  ${shape.what}: ${line} (load average ${before})`);
    if (!out) process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'one') one(process.argv[3]!);
  else all();
}
