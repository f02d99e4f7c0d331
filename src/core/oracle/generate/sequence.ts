// A seeded generator over the whole scenario space: the same seed and options give the same scenario, byte for byte.
// Each step is drawn against the simulator's state after the previous one (the generator runs every step as it goes),
// so heartbeats aim at real epochs and assignments and clock moves land on, just before and just after real timer
// deadlines. Every step it emits passes the scenario validator; a step the validator refuses is a generator bug and
// throws.
import { parseScenario } from '../../scenario/parse.ts';
import { ScenarioRunner } from '../../scenario/runner.ts';
import type { Step } from '../../scenario/types.ts';
import { Random } from '../../util/random.ts';
import { deleteGroups, describeGroups, incrementalAlterConfigs, listGroups, offsetCommit, offsetDelete, offsetFetch, streamsGroupDescribe } from './adminRequests.ts';
import { generateHeader, type HeaderPlan, type Json } from './header.ts';
import { rawHeartbeat, type HeartbeatTarget } from './heartbeats.ts';
import type { GenerateMode } from './mode.ts';
import { World } from './world.ts';

export interface GenerateOptions {
  /** Number of steps. */
  steps: number;
  mode: GenerateMode;
  /** Live mode: include one failover (a broker restart). Exact mode draws failovers on its own. */
  failover?: boolean;
}

type StepKind =
  | 'client'
  | 'heartbeat'
  | 'otherHeartbeat'
  | 'streamsDescribe'
  | 'offsetCommit'
  | 'offsetFetch'
  | 'offsetDelete'
  | 'listGroups'
  | 'describeGroups'
  | 'deleteGroups'
  | 'alterConfigs'
  | 'topics'
  | 'clock'
  | 'failover'
  | 'oldCoordinator';

/** How often each kind of step is drawn, by mode (weights, not percentages). */
const WEIGHTS: Record<GenerateMode, Record<StepKind, number>> = {
  live: {
    client: 30,
    heartbeat: 20,
    otherHeartbeat: 0,
    streamsDescribe: 4,
    offsetCommit: 7,
    offsetFetch: 6,
    offsetDelete: 3,
    listGroups: 3,
    describeGroups: 3,
    deleteGroups: 2,
    alterConfigs: 3,
    topics: 5,
    clock: 1,
    failover: 0,
    oldCoordinator: 0,
  },
  exact: {
    client: 26,
    heartbeat: 18,
    otherHeartbeat: 7,
    streamsDescribe: 4,
    offsetCommit: 7,
    offsetFetch: 6,
    offsetDelete: 3,
    listGroups: 3,
    describeGroups: 3,
    deleteGroups: 2,
    alterConfigs: 3,
    topics: 5,
    clock: 9,
    failover: 2,
    oldCoordinator: 1,
  },
};

function pickKind(rng: Random, mode: GenerateMode): StepKind {
  const entries = Object.entries(WEIGHTS[mode]) as [StepKind, number][];
  let roll = rng.int(entries.reduce((s, [, w]) => s + w, 0));
  for (const [kind, w] of entries) {
    if (roll < w) return kind;
    roll -= w;
  }
  return 'client';
}

/** A simulated client's next action, by its state: joins, heartbeats, leaves, crashes and restarts. */
function clientStep(w: World): Json {
  const alias = w.rng.pick(w.header.aliases);
  const c = w.runner.clients.get(alias)!;
  const roll = w.rng.int(100);
  if (c.status === 'crashed') return { client: alias, do: roll < 70 ? 'restart' : 'join' };
  if (!c.live) return { client: alias, do: roll < 90 ? 'join' : 'heartbeat' };
  if (roll < 65) return { client: alias, do: 'heartbeat' };
  if (roll < 80) return { client: alias, do: 'leave' };
  if (roll < 92) return { client: alias, do: 'crash' };
  return { client: alias, do: 'join' };
}

/** Topic changes: create what the topology misses (right or wrong size), grow sources and internal topics, delete. */
function topicsStep(w: World): Json | null {
  const topics = w.topics;
  const declared = ['in0', 'in1', ...w.header.mainTopology.internal.map((t) => t.name)];
  const missing = declared.filter((t) => !topics.has(t));
  const roll = w.rng.int(10);
  if (roll < 4 && missing.length > 0) {
    const name = w.rng.pick(missing);
    const need = w.header.mainTopology.internal.find((t) => t.name === name)?.partitions;
    const sourceCount = topics.get('in0') ?? 1;
    const partitions = w.rng.int(3) === 0 ? 1 + w.rng.int(8) : need !== undefined && need > 0 ? need : sourceCount;
    return { topics: { create: [{ name, partitions }] } };
  }
  if (roll < 7 && topics.size > 0) {
    const name = w.rng.pick([...topics.keys()]);
    const before = topics.get(name)!;
    if (before >= 12) return null;
    return { topics: { partitions: { [name]: Math.min(12, before + 1 + w.rng.int(2)) } } };
  }
  if (roll < 8) {
    const name = `extra${w.rng.int(3)}`;
    if (topics.has(name)) return null;
    return { topics: { create: [{ name, partitions: 1 + w.rng.int(3) }] } };
  }
  // live mode keeps the internal topics (see generateHeader)
  const internal = new Set(w.mode === 'live' ? w.header.mainTopology.internal.map((t) => t.name) : []);
  const deletable = [...topics.keys()].filter((t) => !internal.has(t));
  if (deletable.length === 0) return null;
  return { topics: { delete: [w.rng.pick(deletable)] } };
}

/** Exact mode: `advance` or `run` landing on a pending deadline, 1 ms before or 1 ms after it, or a plain amount. */
function exactClockStep(w: World): Json {
  const deadlines = w.deadlines();
  const useRun = w.rng.int(3) === 0;
  if (deadlines.length > 0 && w.rng.int(4) > 0) {
    const d = w.rng.pick(deadlines);
    const ms = Math.max(1, d.at - w.now + w.rng.pick([0, 0, -1, 1]));
    return useRun ? { run: { ms } } : { advance: ms };
  }
  if (useRun) return w.rng.int(3) === 0 ? { run: { until: 'stable', maxMs: 60000 } } : { run: { ms: w.rng.pick([1000, 5000, 30000]) } };
  return { advance: w.rng.pick([1, 500, 3000, 45001, 600000]) };
}

/**
 * Live mode: a clock move far from every deadline, which a real broker reproduces at a large time scale (the
 * planner checks; the live harness drops a step it refuses).
 */
function liveClockStep(w: World): Json {
  // just far enough past a 45 s session for a real clock to tell the expiry from the next step, and no further: the
  // planner's time scale is low once sessions must outlast the steps in real time (live.ts LIVE_WAIT_BUDGET_MS)
  return w.rng.int(2) === 0 ? { advance: w.rng.pick([60000, 90000]) } : { run: { ms: 60000 } };
}

function heartbeatTarget(w: World, otherGroup: boolean): HeartbeatTarget | null {
  if (otherGroup) {
    if (w.header.rawMembers.length === 0) return null;
    const m = w.rng.pick(w.header.rawMembers);
    return { kind: 'raw', ...m, topology: w.header.otherTopologies[m.groupId]! };
  }
  const alias = w.rng.pick(w.header.aliases);
  const spec = (w.header.doc.clients as Record<string, Json>)[alias]!;
  return { kind: 'alias', alias, spec, topology: w.header.mainTopology };
}

function drawStep(w: World, kind: StepKind): Json | null {
  switch (kind) {
    case 'client':
      return clientStep(w);
    case 'heartbeat':
    case 'otherHeartbeat': {
      const target = heartbeatTarget(w, kind === 'otherHeartbeat');
      return target ? rawHeartbeat(w, target) : null;
    }
    case 'streamsDescribe':
      return streamsGroupDescribe(w);
    case 'offsetCommit':
      return offsetCommit(w);
    case 'offsetFetch':
      return offsetFetch(w);
    case 'offsetDelete':
      return offsetDelete(w);
    case 'listGroups':
      return listGroups(w);
    case 'describeGroups':
      return describeGroups(w);
    case 'deleteGroups':
      return deleteGroups(w);
    case 'alterConfigs':
      return incrementalAlterConfigs(w);
    case 'topics':
      return topicsStep(w);
    case 'clock':
      return w.mode === 'exact' ? exactClockStep(w) : liveClockStep(w);
    case 'failover':
      return { failover: w.rng.int(2) === 0 ? true : { loadMs: w.rng.pick([1, 500, 5000]) } };
    case 'oldCoordinator':
      // a request to the broker that led the partition before a failover: NOT_COORDINATOR
      return { send: 'StreamsGroupDescribe', coordinator: 'old', data: { groupIds: [w.header.doc.groupId] } };
  }
}

/** The header's text without its steps and initialLog: each generated step is checked alone against it. */
function stepChecker(header: Json): (step: Json) => Step {
  const { initialLog: _log, steps: _steps, ...rest } = header;
  const prefix = JSON.stringify(rest).slice(0, -1);
  return (step) => {
    const parsed = parseScenario(`${prefix},"steps":[${JSON.stringify(step)}]}`);
    if (!parsed.ok) {
      const e = parsed.errors[0]!;
      throw new Error(`the generator made an invalid step (${e.path}: ${e.message}): ${JSON.stringify(step)}`);
    }
    return parsed.scenario.steps[0]!;
  };
}

/** Runs the steps' generation on a fresh simulator for the header; returns the steps and the runner after them. */
function generateSteps(rng: Random, header: HeaderPlan, opts: GenerateOptions & { allowTopics: boolean }): { steps: Json[]; records: Json[] } {
  const parsed = parseScenario(JSON.stringify(header.doc));
  if (!parsed.ok) throw new Error(`the generator made an invalid header (${parsed.errors[0]!.path}: ${parsed.errors[0]!.message})`);
  const runner = new ScenarioRunner(parsed.scenario, { durability: false });
  const w = new World(rng, opts.mode, header, runner);
  const check = stepChecker(header.doc);
  const steps: Json[] = [];
  const records: Json[] = [];
  const failoverAt = opts.mode === 'live' && opts.failover ? 2 + rng.int(Math.max(1, opts.steps - 3)) : -1;
  let failedOver = false;
  for (let i = 0; i < opts.steps && !runner.budget.stopped; i++) {
    let step: Json | null = null;
    if (i === failoverAt) step = { failover: true };
    for (let tries = 0; step === null && tries < 10; tries++) {
      const kind = pickKind(rng, opts.mode);
      if (kind === 'topics' && !opts.allowTopics) continue;
      if (kind === 'oldCoordinator' && !failedOver) continue;
      step = drawStep(w, kind);
    }
    if (step === null) continue;
    if ('failover' in step) failedOver = true;
    const t = runner.runStep(check(step), steps.length);
    for (const r of t.records) records.push({ type: r.type, key: r.key, value: r.value });
    steps.push(step);
  }
  return { steps, records };
}

/** The records a short history of the same header leaves in the log: an initialLog to start from (exact mode). */
function initialLogFor(seed: number, header: HeaderPlan): Json[] {
  const rng = new Random(seed * 7919 + 17);
  // the history's records as the coordinator wrote them (each step's appends, in order)
  return generateSteps(rng, header, { steps: 3 + rng.int(6), mode: 'exact', allowTopics: false }).records;
}

/** A generated scenario document (JSON), for the seed and options. */
export function generateScenario(seed: number, opts: GenerateOptions): Json {
  const rng = new Random(seed);
  const header = generateHeader(rng, opts.mode, seed % 2 === 0);
  if (opts.mode === 'exact' && rng.int(8) === 0) {
    const log = initialLogFor(seed, header);
    if (log.length > 0) header.doc.initialLog = log;
  }
  const { steps } = generateSteps(rng, header, { ...opts, allowTopics: true });
  return { ...header.doc, title: `generated sequence ${seed} (${opts.mode})`, steps };
}
