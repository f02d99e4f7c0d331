// Scale benchmarks (issue 13): cost must grow linearly with the work. Each case runs at two sizes and reports
// the median time, the cost per unit and the growth ratio of that cost between the sizes (1.0 = linear).
//   join N       a scenario of N client joins, then `run until stable` (the runner, durability check on)
//   steps N      an N-step scenario of 3 clients (heartbeats, advances, a commit interval), durability check on
//   timers N     N fired periodic timers with nothing to do (offsets retention checks every 1 ms)
// Times are CPU time of this process (user + system), as the targets are stated: on a shared machine the wall
// clock also counts the time other processes had the cores (the wall time is printed beside it).
// Run one case: node --expose-gc --import tsx bench/scale.ts join 1000 10000
import { pathToFileURL } from 'node:url';
import { Broker } from '../src/core/broker/broker.ts';
import { Config } from '../src/core/config.ts';
import { parseScenario } from '../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../src/core/scenario/runner.ts';
import type { Scenario } from '../src/core/scenario/types.ts';
import { editionNamed } from '../src/core/editions/index.ts';
import { median } from './stats.ts';

const heapMb = () => process.memoryUsage().heapUsed / 2 ** 20;
/** CPU milliseconds of this process since `from` (user + system). */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

interface Measured {
  /** CPU ms */
  ms: number;
  wallMs: number;
  peakMb: number;
}

function scenario(doc: unknown): Scenario {
  const r = parseScenario(JSON.stringify(doc));
  if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
  return r.scenario;
}

/** N members join (one client step each) within the initial delay, then the group runs until stable. */
export function joinScenario(n: number): Scenario {
  const clients: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) clients[`c${i}`] = { processId: `p${i}` };
  return scenario({
    format: 1,
    // one target assignment record per member in one atomic batch: Kafka's default message.max.bytes (1 MiB) holds
    // about 6,000 of them, so the benchmark raises it as an operator would
    config: { 'message.max.bytes': 64 * 1024 * 1024, 'playground.run.max.ms': 600000 },
    topics: [{ name: 'in', partitions: Math.min(n, 10000) }],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
    clients,
    steps: [...Object.keys(clients).map((c) => ({ client: c, do: 'join' })), { run: { until: 'stable', maxMs: 120000 } }],
  });
}

/** N steps over 3 clients: mostly heartbeats, an advance every 10 steps; the clients commit every 10 s. */
export function stepsScenario(n: number): Scenario {
  const names = ['a', 'b', 'c'];
  const steps: unknown[] = names.map((c) => ({ client: c, do: 'join' }));
  for (let i = steps.length; i < n; i++) steps.push(i % 10 === 0 ? { advance: 1000 } : { client: names[i % 3], do: 'heartbeat' });
  return scenario({
    format: 1,
    config: { 'group.streams.initial.rebalance.delay.ms': 0, 'playground.run.max.ms': 600000 },
    topics: [{ name: 'in', partitions: 6 }],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
    clients: Object.fromEntries(names.map((c, i) => [c, { processId: `p${i}`, commitIntervalMs: 10000 }])),
    steps,
  });
}

function runOnce(s: Scenario, check?: (r: ScenarioRunner) => void): Measured {
  (globalThis as { gc?: () => void }).gc?.();
  const start = heapMb();
  let peak = start;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const runner = new ScenarioRunner(s);
  s.steps.forEach((step, i) => {
    runner.runStep(step, i);
    if (i % 256 === 0) peak = Math.max(peak, heapMb());
  });
  const ms = cpuMs(c0);
  const wallMs = performance.now() - t0;
  peak = Math.max(peak, heapMb());
  check?.(runner);
  return { ms, wallMs, peakMb: peak };
}

function stable(r: ScenarioRunner): void {
  const g = r.broker.coordinator.groups.get('app');
  if (g?.state() !== 'STABLE') throw new Error(`the group is ${g?.state() ?? 'gone'}, not STABLE`);
}

/** N fired retention checks that find nothing (every 1 ms), as one advance of N ms. */
function timersOnce(n: number): Measured {
  const broker = new Broker({ edition: editionNamed('ak4'), variant: 'current', config: Config.from({ 'offsets.retention.check.interval.ms': 1 }) }, [['in', 1]]);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const fired = broker.advance(n);
  const ms = cpuMs(c0);
  const wallMs = performance.now() - t0;
  if (!fired[0]?.effect.includes(`${n - 1} more checks`)) throw new Error(`unexpected: ${fired[0]?.effect}`);
  return { ms, wallMs, peakMb: heapMb() };
}

function measure(kind: string, n: number, runs: number): Measured {
  const out: Measured[] = [];
  for (let r = 0; r < runs; r++) {
    if (kind === 'join') out.push(runOnce(joinScenario(n), stable));
    else if (kind === 'steps') out.push(runOnce(stepsScenario(n)));
    else out.push(timersOnce(n));
  }
  return { ms: median(out.map((o) => o.ms)), wallMs: median(out.map((o) => o.wallMs)), peakMb: out.reduce((a, o) => Math.max(a, o.peakMb), 0) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [kind = 'join', a = '1000', b = '10000', runsArg] = process.argv.slice(2);
  const runs = Number(runsArg ?? (kind === 'timers' ? 9 : 3));
  const unit = kind === 'join' ? 'member' : kind === 'steps' ? 'step' : 'timer';
  const small = measure(kind, Number(a), runs);
  const large = measure(kind, Number(b), runs);
  const per = (m: { ms: number }, n: number) => m.ms / n;
  for (const [n, m] of [
    [Number(a), small],
    [Number(b), large],
  ] as const) {
    console.log(
      `  ${kind} ${n.toLocaleString('en')}: median ${m.ms.toFixed(1)} ms CPU (${(per(m, n) * 1000).toFixed(1)} µs per ${unit}; wall ${m.wallMs.toFixed(1)} ms), peak heap ${m.peakMb.toFixed(0)} MB, ${runs} runs`,
    );
  }
  console.log(`  growth of the cost per ${unit} from ${Number(a).toLocaleString('en')} to ${Number(b).toLocaleString('en')}: ${(per(large, Number(b)) / per(small, Number(a))).toFixed(2)}x`);
}
