// Exploration of interleavings from a scenario's state: bounded breadth-first search with state deduplication,
// or seeded random walks whose counterexamples are shrunk. Every violation comes back as a minimal scenario
// (the original steps up to the start point, then the action sequence as steps, with `expect.violations`).
import { Config } from '../config.ts';
import { RunBudget, type BudgetStop, type RunProbe } from '../scenario/budget.ts';
import { DEFAULT_STABLE_WITHIN_MS, type InvariantName } from '../invariants/index.ts';
import type { EpochSnapshot } from '../invariants/safety.ts';
import { ScenarioRunner } from '../scenario/runner.ts';
import { resolveExpectation, runUnder } from '../scenario/match.ts';
import { editionNamed } from '../editions/index.ts';
import type { Expectation, Scenario, Step } from '../scenario/types.ts';
import { encodeLink } from '../share/link.ts';
import { Random } from '../util/random.ts';
import { approxBytes } from '../util/approxBytes.ts';
import { stateHash } from './hash.ts';
import { HashSet53 } from './hashSet.ts';
import { World, type Action, type ExploreContext } from './world.ts';

export interface ExploreOptions {
  /** Breadth-first search with deduplication (default: seeded random walks). */
  bfs?: boolean;
  /** Longest action sequence explored (default 6 for BFS, 40 for walks). */
  depth?: number;
  /** Number of random walks (default 200). */
  walks?: number;
  /** Seed of the random walks (default 1). */
  seed?: number;
  /** Stop after this many distinct states (default 200000); the result is then `truncated`. */
  maxStates?: number;
  /** Explore from the state after the first N steps (default: after all steps). */
  fromStep?: number;
  /** Also check durability (replay the log) after every transition: expensive. */
  durability?: boolean;
  /** Polled during the search; true cancels it (the result so far is returned, `truncated`). */
  shouldStop?: () => boolean;
  /** Clock for statistics only (default performance.now); results never depend on it. */
  clock?: () => number;
  /**
   * The caller's clock and heap reading, for the run budget's wall-time and heap limits (the scenario's
   * playground.run.max.ms and playground.run.max.heap.mb): past one, the search stops with `stopped` and what it found.
   */
  probe?: RunProbe;
  /**
   * Called with each violation as the search finds it (again when a shorter one replaces it), so a caller that
   * cancels the search keeps what it had found. The final result lists the same violations.
   */
  onViolation?: (v: ExploreViolation) => void;
}

export interface ExploreProgress {
  states: number;
  frontier: number;
  elapsedMs: number;
  /** Transitions taken so far. */
  transitions: number;
  /**
   * How much of the search's bound is covered, 0 to 1: the larger of the share of max states reached and the share of
   * the depth levels (breadth-first) or of the walks (random walks) done.
   */
  done: number;
  /** Invariants violated so far. */
  violations: number;
}

export interface ExploreViolation {
  invariant: InvariantName;
  message: string;
  /** The minimal scenario: the original steps up to the start, then the actions found, expecting the violation. */
  scenario: Scenario;
  /** Share-link fragment of that scenario, with the violating step selected. */
  link: string;
  /** Number of explored actions (steps after the start point). */
  depth: number;
  /** runScenario on `scenario` shows the violation at its last step and no expectation fails. */
  reproduced: boolean;
}

export interface ExploreResult {
  /** Distinct states reached (after deduplication), the start state included. */
  states: number;
  /** Transitions taken (each generates one state, which is checked and hashed). */
  transitions: number;
  /** Generated states (transitions) per second of wall-clock time. */
  statesPerSecond: number;
  violations: ExploreViolation[];
  /** The search stopped early: maxStates reached, cancelled, or a budget spent (`stopped`). */
  truncated: boolean;
  /** The run budget's limit that stopped the search (wall time or heap), or null. */
  stopped: BudgetStop | null;
  elapsedMs: number;
  /** Where the exploration started (a step index). */
  fromStep: number;
}

const PROGRESS_EVERY = 2048;
/** Besides every PROGRESS_EVERY transitions, progress is reported once this much wall time passed (read every BUDGET_EVERY transitions). */
const PROGRESS_MS = 100;
/** The budget's probe is read every this many transitions (a transition of a large group allocates a whole world). */
const BUDGET_EVERY = 32;

interface Node {
  world: World | null;
  parent: Node | null;
  action: Action | null;
  depth: number;
  /** The heap estimate's bytes for the world this node keeps (released with it). */
  worldBytes?: number;
}

/** The heap estimate walks one kept world in this many (with the world it was cloned from) and uses its size for the rest. */
const WORLD_SAMPLE_EVERY = 256;
/** Estimated bytes of a search node and its action, and of a state hash in the visited set (with its free slots). */
const NODE_BYTES = 112;
const HASH_BYTES = 16;

function defaultClock(): number {
  return globalThis.performance?.now() ?? 0;
}

/** Runs the scenario up to the start point and builds the root world and the exploration context. */
export function prepare(scenario: Scenario, options: ExploreOptions = {}): { root: World; ctx: ExploreContext; fromStep: number } {
  const fromStep = Math.max(0, Math.min(options.fromStep ?? scenario.steps.length, scenario.steps.length));
  const runner = new ScenarioRunner(scenario, { durability: false });
  let lastRawAdvanceEnd = -1;
  for (let i = 0; i < fromStep; i++) {
    runner.runStep(scenario.steps[i]!, i);
    if ('advance' in scenario.steps[i]!) lastRawAdvanceEnd = runner.broker.now;
  }
  // the broker's config: the scenario's, with the values its release behaves as (src/core/releases/)
  const config = runner.broker.options.config;
  const aliasByMember = new Map<string, string>();
  const clients = [...runner.clients.values()].sort((a, b) => (a.alias < b.alias ? -1 : 1));
  for (const c of clients) if (c.memberId !== '') aliasByMember.set(c.memberId, c.alias);
  for (const g of runner.broker.coordinator.groups.values()) {
    for (const id of g.members.keys()) {
      const alias = runner.aliasOf(id);
      if (alias !== null) aliasByMember.set(id, alias);
    }
  }
  const l = runner.checker.liveness();
  const broker = runner.broker.clone();
  broker.coordinator.prepareForExploration();
  const root = new World(
    broker,
    clients.map((c) => c.clone()),
    {
      lastSend: new Map(l.lastSend),
      unstableSince: l.unstableSince,
      reportedStall: l.reportedStall,
      lastRawAdvanceEnd,
      topicsApplied: 0,
    },
  );
  const intInt = (name: string, dflt: number): number => {
    try {
      return config.int(name);
    } catch {
      return dflt;
    }
  };
  const ctx: ExploreContext = {
    groupId: scenario.groupId,
    sessionTimeoutMs: config.int(runner.edition.sessionTimeoutKey),
    heartbeatIntervalMs: intInt(runner.edition.heartbeatIntervalKey, 5000),
    stableWithinMs: scenario.invariants?.stableWithinMs ?? DEFAULT_STABLE_WITHIN_MS,
    assignmentIntervalClamp: Math.max(intInt('group.streams.assignment.interval.ms', 0), intInt('group.streams.max.assignment.interval.ms', 0)) + 1,
    partialClients: new Set(scenario.explore?.partialReports ?? []),
    topicChanges: (scenario.explore?.topicChanges ?? []).slice(0, 30),
    durability: options.durability ?? false,
    aliasByMember,
    clientContexts: new Map(Object.entries(scenario.clients).map(([alias, spec]) => [alias, { clientId: spec.clientId ?? alias, clientHost: spec.clientHost ?? '/127.0.0.1' }])),
  };
  return { root, ctx, fromStep };
}

/** Explores interleavings from the scenario's start point and reports every invariant violated (shortest found). */
export function explore(scenario: Scenario, options: ExploreOptions = {}, onProgress?: (p: ExploreProgress) => void): ExploreResult {
  const clock = options.clock ?? defaultClock;
  const started = clock();
  const { root, ctx, fromStep } = prepare(scenario, options);
  const maxStates = options.maxStates ?? 200000;
  const found = new Map<InvariantName, { message: string; actions: Action[] }>();
  const seen = new HashSet53();
  seen.add(stateHash(root, ctx));
  let transitions = 0;
  let truncated = false;
  let frontierSize = 1;
  const budget = new RunBudget(Config.from(scenario.config), options.probe ?? null);
  /** Share of the depth levels or walks done (see ExploreProgress.done). */
  let boundDone = 0;
  let lastReport = started;
  const report = (now: number) => {
    lastReport = now;
    const done = Math.min(1, Math.max(boundDone, seen.size / maxStates));
    onProgress?.({ states: seen.size, frontier: frontierSize, elapsedMs: now - started, transitions, done, violations: found.size });
  };
  // a violation's minimal scenario is built once per action sequence: when found (for onViolation) and for the result
  const minimal = new Map<InvariantName, { actions: Action[]; violation: ExploreViolation }>();
  const violationOf = (invariant: InvariantName): ExploreViolation => {
    const f = found.get(invariant)!;
    const hit = minimal.get(invariant);
    if (hit && hit.actions === f.actions) return hit.violation;
    const violation = minimalScenario(scenario, fromStep, root, ctx, invariant, f.message, f.actions);
    minimal.set(invariant, { actions: f.actions, violation });
    return violation;
  };
  const noteFound = (invariant: InvariantName) => {
    if (options.onViolation) options.onViolation(violationOf(invariant));
  };
  // the heap estimate: a kept world costs what it does not share with the world it was cloned from, sampled every few
  // hundred kept worlds (a walk of a world costs about what cloning it does); a parent's own bytes stay counted while a child
  // it shares them with is kept
  budget.retain(approxBytes(root));
  let keptWorlds = 0;
  let worldBytes = 0;
  let parentObjects: { of: World; objects: Set<object> } | null = null;
  const keep = (parent: World, child: World): number => {
    if (keptWorlds++ % WORLD_SAMPLE_EVERY === 0) {
      if (parentObjects?.of !== parent) {
        parentObjects = { of: parent, objects: new Set() };
        approxBytes(parent, parentObjects.objects);
      }
      worldBytes = approxBytes(child, new Set(), parentObjects.objects);
    }
    budget.retain(worldBytes);
    return worldBytes;
  };
  const stop = (): boolean => {
    if (onProgress && (transitions === 1 || transitions % PROGRESS_EVERY === 0)) report(clock());
    else if (onProgress && transitions % BUDGET_EVERY === 0) {
      const now = clock();
      if (now - lastReport >= PROGRESS_MS) report(now);
    }
    if (transitions % BUDGET_EVERY === 0 && !budget.checkNow()) {
      truncated = true;
      return true;
    }
    if (options.shouldStop?.()) {
      truncated = true;
      return true;
    }
    return false;
  };

  if (options.bfs) {
    const depth = options.depth ?? 6;
    let frontier: Node[] = [{ world: root, parent: null, action: null, depth: 0 }];
    search: for (let d = 0; d < depth && frontier.length > 0; d++) {
      const next: Node[] = [];
      for (let fi = 0; fi < frontier.length; fi++) {
        const node = frontier[fi]!;
        const w = node.world!;
        node.world = null;
        let keptChildren = 0;
        frontierSize = frontier.length - fi + next.length;
        boundDone = (d + fi / frontier.length) / depth;
        const before: Map<string, EpochSnapshot> = w.epochs();
        for (const a of w.actions(ctx)) {
          const child = w.clone();
          child.apply(ctx, a);
          transitions++;
          const vs = child.check(ctx, before);
          for (const v of vs) {
            if (!found.has(v.invariant)) {
              found.set(v.invariant, { message: v.message, actions: pathOf(node, a) });
              noteFound(v.invariant);
            }
          }
          if (stop()) break search;
          const h = stateHash(child, ctx);
          if (!seen.add(h)) continue;
          // the deepest level is never expanded: its nodes count in the frontier, their worlds need not stay alive
          const kept = d + 1 < depth;
          next.push({ world: kept ? child : null, parent: node, action: a, depth: node.depth + 1, worldBytes: kept ? keep(w, child) : 0 });
          if (kept) keptChildren++;
          if (!budget.retain(NODE_BYTES + HASH_BYTES)) {
            truncated = true;
            break search;
          }
          if (seen.size >= maxStates) {
            truncated = true;
            break search;
          }
        }
        // a world no kept child shares is gone
        if (keptChildren === 0) budget.release(node.worldBytes ?? 0);
      }
      frontier = next;
    }
    frontierSize = 0;
  } else {
    const depth = options.depth ?? 40;
    const walks = options.walks ?? 200;
    const rng = new Random(options.seed ?? 1);
    walking: for (let i = 0; i < walks; i++) {
      const w = root.clone();
      const actions: Action[] = [];
      frontierSize = walks - i;
      for (let d = 0; d < depth; d++) {
        boundDone = (i + d / depth) / walks;
        const before = w.epochs();
        const a = rng.pick(w.actions(ctx));
        w.apply(ctx, a);
        actions.push(a);
        transitions++;
        const vs = w.check(ctx, before);
        if (stop()) break walking;
        const h = stateHash(w, ctx);
        if (seen.add(h)) {
          if (!budget.retain(HASH_BYTES)) {
            truncated = true;
            break walking;
          }
          if (seen.size >= maxStates) {
            truncated = true;
            break walking;
          }
        }
        const fresh = vs.filter((v, k) => vs.findIndex((x) => x.invariant === v.invariant) === k);
        let stopWalk = false;
        for (const v of fresh) {
          const prev = found.get(v.invariant);
          if (prev && prev.actions.length <= actions.length) continue;
          const shrunk = shrink(root, ctx, actions, v.invariant);
          if (!prev || shrunk.actions.length < prev.actions.length) {
            found.set(v.invariant, shrunk);
            noteFound(v.invariant);
          }
          stopWalk = true;
        }
        if (stopWalk) break;
      }
    }
    frontierSize = 0;
  }

  const violations = [...found.keys()].sort().map(violationOf);
  const elapsedMs = clock() - started;
  boundDone = truncated ? boundDone : 1;
  if (onProgress) report(started + elapsedMs);
  return {
    states: seen.size,
    transitions,
    statesPerSecond: elapsedMs > 0 ? Math.round((transitions * 1000) / elapsedMs) : 0,
    violations,
    truncated,
    stopped: budget.stopped,
    elapsedMs,
    fromStep,
  };
}

function pathOf(node: Node, last: Action): Action[] {
  const out: Action[] = [last];
  for (let n: Node | null = node; n && n.action; n = n.parent) out.push(n.action);
  return out.reverse();
}

/** Replays actions from the root; the index of the first step violating `invariant`, or -1 (also -1 when an action is not enabled). */
function replay(root: World, ctx: ExploreContext, actions: readonly Action[], invariant: InvariantName, steps?: Step[]): number {
  const w = root.clone();
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    if (!w.enabled(ctx, a)) return -1;
    const before = w.epochs();
    const step = w.apply(ctx, a);
    steps?.push(step);
    if (w.check(ctx, before).some((v) => v.invariant === invariant)) return i;
  }
  return -1;
}

/** Shrinks a violating action sequence by deleting chunks (then single actions) while the violation persists. */
function shrink(root: World, ctx: ExploreContext, actions: readonly Action[], invariant: InvariantName): { message: string; actions: Action[] } {
  let cur = actions.slice(0, replay(root, ctx, actions, invariant) + 1);
  if (cur.length === 0) cur = actions.slice();
  for (let size = Math.max(1, cur.length >> 1); size >= 1; size = size === 1 ? 0 : Math.max(1, size >> 1)) {
    for (let i = 0; i + size <= cur.length;) {
      const candidate = [...cur.slice(0, i), ...cur.slice(i + size)];
      const at = candidate.length > 0 ? replay(root, ctx, candidate, invariant) : -1;
      if (at >= 0) cur = candidate.slice(0, at + 1);
      else i++;
    }
  }
  // the message of the final sequence
  const w = root.clone();
  let message = '';
  for (const a of cur) {
    const before = w.epochs();
    w.apply(ctx, a);
    const v = w.check(ctx, before).find((x) => x.invariant === invariant);
    if (v) message = v.message;
  }
  return { message, actions: cur };
}

/** The expectation without the top-level keys that a mismatch below `base` names (undefined when nothing is left). */
function withoutFailing(expect: Expectation, mismatches: readonly { path: string }[], base: string): Expectation | undefined {
  const failing = new Set<string>();
  for (const m of mismatches) {
    const key = /^\.([A-Za-z]+)/.exec(m.path.startsWith(base) ? m.path.slice(base.length) : '')?.[1];
    if (key !== undefined) failing.add(key);
  }
  if (failing.size === 0) return expect;
  const kept = Object.fromEntries(Object.entries(expect).filter(([k]) => !failing.has(k))) as Expectation;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function describeAction(a: Action): string {
  switch (a.kind) {
    case 'client':
      return `${a.client}: ${a.do}`;
    case 'partial':
      return `${a.client}: partial report`;
    case 'failover':
      return 'coordinator failover';
    case 'advance':
      return `advance ${a.ms} ms (clients silent)`;
    case 'run':
      return `run ${a.ms} ms`;
    case 'topics':
      return 'topic change';
  }
}

/** Where the exploration started: after the last step the prefix ran (fromStep counts the steps run first). */
function startedAfter(scenario: Scenario, fromStep: number): string {
  if (fromStep === 0) return 'from the start';
  const label = scenario.steps[fromStep - 1]?.label;
  return `after step ${fromStep - 1}${label ? ` (“${label}”)` : ''}`;
}

/** The minimal scenario for one violation, checked with the runner: every step that violates something expects exactly that. */
function minimalScenario(scenario: Scenario, fromStep: number, root: World, ctx: ExploreContext, invariant: InvariantName, message: string, actions: Action[]): ExploreViolation {
  const explored: Step[] = [];
  replay(root, ctx, actions, invariant, explored);
  // the prefix's expectations were written for the scenario's own variant and release: resolved to the explored ones
  const under = runUnder(scenario, editionNamed(scenario.protocol).hasReleases);
  const prefix = scenario.steps.slice(0, fromStep).map((s) => (s.expect ? { ...s, expect: resolveExpectation(s.expect, under) } : s));
  const steps: Step[] = [...prefix, ...explored.map((s, i) => ({ ...s, label: s.label ?? `explore ${i + 1}: ${describeAction(actions[i]!)}` }))];
  const out: Scenario = {
    ...scenario,
    title: `${scenario.title ? `${scenario.title} — ` : ''}explore: ${invariant}`,
    notes: `Found by \`sgp explore\` (${scenario.variant}): ${explored.length} action(s) ${startedAfter(scenario, fromStep)} lead to a violation of **${invariant}**.\n\n${message}`,
    steps,
  };
  delete out.checkVariants;
  delete out.checkReleases;
  // annotate with what the runner reports, so `sgp check` passes on the result: the prefix keeps only the expectations
  // that hold under this variant, and every step expects exactly the violations it shows
  const trace = new ScenarioRunner(out).run();
  out.steps = steps.map((s, i) => {
    const t = trace.steps[i]!;
    const vs = [...new Set(t.violations.map((v) => v.invariant))].sort();
    let expect = s.expect;
    if (expect && i < fromStep) expect = withoutFailing(expect, t.mismatches, `$.steps[${i}].expect`);
    if (i >= fromStep || (vs.length > 0 && expect?.violations === undefined)) {
      if (vs.length > 0 || i < fromStep || i === steps.length - 1) expect = { ...(expect ?? {}), violations: vs };
    }
    const { expect: _old, ...rest } = s;
    return expect ? { ...rest, expect } : rest;
  });
  const check = new ScenarioRunner(out).run();
  const last = check.steps[check.steps.length - 1];
  const reproduced = last !== undefined && last.violations.some((v) => v.invariant === invariant) && check.steps.every((s) => s.mismatches.length === 0);
  const text = JSON.stringify(out, null, 2);
  return { invariant, message, scenario: out, link: encodeLink(text, steps.length - 1), depth: explored.length, reproduced };
}
