import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explore, prepare, stateHash, type ExploreResult } from '../../src/core/explore/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario, Variant } from '../../src/core/scenario/types.ts';
import { decodeLink } from '../../src/core/share/link.ts';
import { exploreCli, parseExploreArgs } from '../../src/cli/explore.ts';

const root = join(import.meta.dirname, '..', '..');
const load = (path: string): Scenario => {
  const p = parseScenario(readFileSync(join(root, path), 'utf8'));
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.scenario;
};
const TWO_ROLES = 'test/explore/fixtures/kafka-20870-two-roles.json';
const under = (s: Scenario, variant: Variant): Scenario => ({ ...s, variant });
const T = 120_000;

/** The minimal scenario reproduces with the plain runner: the violation at its last step, and `sgp check` passes. */
function expectReproduced(r: ExploreResult, invariant: string): void {
  const v = r.violations.find((x) => x.invariant === invariant);
  expect(v, `expected a ${invariant} violation, got ${r.violations.map((x) => x.invariant).join(', ') || 'none'}`).toBeDefined();
  expect(v!.reproduced).toBe(true);
  const trace = runScenario(v!.scenario);
  const last = trace.steps[trace.steps.length - 1]!;
  expect(last.violations.map((x) => x.invariant)).toContain(invariant);
  expect(trace.steps.flatMap((s) => s.mismatches)).toEqual([]);
  expect(v!.scenario.steps[v!.scenario.steps.length - 1]!.expect?.violations).toContain(invariant);
  expect(v!.scenario.steps.length - r.fromStep).toBe(v!.depth);
  // the share link carries exactly this scenario, with the violating step selected
  const link = decodeLink(v!.link);
  expect(link.ok).toBe(true);
  if (link.ok) {
    expect(JSON.parse(link.text)).toEqual(v!.scenario);
    expect(link.step).toBe(v!.scenario.steps.length - 1);
  }
}

describe('KAFKA-20870, setup Y (a partial client releasing two roles)', () => {
  const fixture = load(TWO_ROLES);

  it(
    'coordinator-only: BFS finds the stall (eventual-convergence beyond the bound)',
    () => {
      const r = explore(under(fixture, 'coordinator-only'), { bfs: true, depth: 3 });
      expect(r.violations.map((v) => v.invariant)).toEqual(['eventual-convergence']);
      expectReproduced(r, 'eventual-convergence');
      const v = r.violations[0]!;
      // b joins, a learns what to revoke, then its partial reports are ignored until the rebalance timeout
      expect(v.scenario.steps.slice(r.fromStep).map((s) => ('client' in s ? `${s.client}:${s.do}` : 'run' in s ? 'run' : '?'))).toEqual(['b:join', 'a:heartbeat', 'run']);
      expect(v.message).toMatch(/bound 60000 ms/);
    },
    T,
  );

  it(
    'current: BFS finds the expulsion of a live member (live-member-kept)',
    () => {
      const r = explore(under(fixture, 'current'), { bfs: true, depth: 3 });
      expect(r.violations.map((v) => v.invariant)).toEqual(['live-member-kept']);
      expectReproduced(r, 'live-member-kept');
      expect(r.violations[0]!.message).toMatch(/^a was expelled by the session timeout/);
    },
    T,
  );

  it(
    'A-persist-partial: no violation (BFS and random walks)',
    () => {
      const bfs = explore(under(fixture, 'A-persist-partial'), { bfs: true, depth: 3 });
      expect(bfs.violations).toEqual([]);
      expect(bfs.truncated).toBe(false);
      const walks = explore(under(fixture, 'A-persist-partial'), { walks: 25, depth: 25, seed: 7 });
      expect(walks.violations).toEqual([]);
    },
    T,
  );

  it(
    'random walks find and shrink the same violations',
    () => {
      const co = explore(under(fixture, 'coordinator-only'), { walks: 40, depth: 30, seed: 3 });
      expectReproduced(co, 'eventual-convergence');
      expect(co.violations.find((v) => v.invariant === 'eventual-convergence')!.depth).toBeLessThanOrEqual(6);
      const cur = explore(under(fixture, 'current'), { walks: 40, depth: 30, seed: 3 });
      expectReproduced(cur, 'live-member-kept');
      expect(cur.violations.find((v) => v.invariant === 'live-member-kept')!.depth).toBeLessThanOrEqual(6);
    },
    T,
  );
});

describe('the shipped KAFKA-20870 examples', () => {
  it(
    'example 12 (current): live-member-kept, from step 2',
    () => {
      const r = explore(load('static/examples/12-kafka-20870-partial-report.json'), { bfs: true, depth: 2, fromStep: 2 });
      expectReproduced(r, 'live-member-kept');
    },
    T,
  );

  it(
    'example 13 (coordinator-only): eventual-convergence, from step 3',
    () => {
      const r = explore(load('static/examples/13-kafka-20870-coordinator-only.json'), { bfs: true, depth: 2, fromStep: 3 });
      expectReproduced(r, 'eventual-convergence');
    },
    T,
  );
});

describe('a healthy Java group', () => {
  const healthy = load('static/examples/02-scale-out-revocation.json');

  it(
    'has no violation from its start or its end (BFS)',
    () => {
      expect(explore(healthy, { bfs: true, depth: 3, fromStep: 0 }).violations).toEqual([]);
      expect(explore(healthy, { bfs: true, depth: 3 }).violations).toEqual([]);
    },
    T,
  );

  it(
    'has no violation on random walks',
    () => {
      expect(explore(healthy, { walks: 30, depth: 25, seed: 11, fromStep: 1 }).violations).toEqual([]);
    },
    T,
  );

  it(
    'a deliberately partial report (explore.partialReports) is rejected and the member expelled under current',
    () => {
      // a second passes without heartbeats, so a partial report is sent after the last accepted one
      const marked: Scenario = { ...healthy, steps: [...healthy.steps, { advance: 1000 }], explore: { partialReports: ['a'] } };
      const r = explore(marked, { bfs: true, depth: 3 });
      expectReproduced(r, 'live-member-kept');
      const steps = r.violations[0]!.scenario.steps.slice(r.fromStep);
      expect(steps.some((s) => 'send' in s && (s.data as { standbyTasks?: unknown }).standbyTasks === null)).toBe(true);
      // under A the same report is accepted
      expect(explore(under(marked, 'A-persist-partial'), { bfs: true, depth: 3 }).violations).toEqual([]);
    },
    T,
  );
});

describe('search mechanics', () => {
  const fixture = load(TWO_ROLES);

  it(
    'is deterministic: same scenario, options and seed give the same result',
    () => {
      const strip = (r: ExploreResult) => ({ ...r, statesPerSecond: 0, elapsedMs: 0 });
      const opts = { walks: 15, depth: 20, seed: 5 };
      expect(strip(explore(under(fixture, 'coordinator-only'), opts))).toEqual(strip(explore(under(fixture, 'coordinator-only'), opts)));
      expect(strip(explore(fixture, { bfs: true, depth: 2 }))).toEqual(strip(explore(fixture, { bfs: true, depth: 2 })));
    },
    T,
  );

  it(
    'BFS deduplication merges states reached by different interleavings',
    () => {
      const r = explore(under(fixture, 'A-persist-partial'), { bfs: true, depth: 3 });
      // without deduplication every transition would add a state
      expect(r.states).toBeLessThan(r.transitions);
      expect(r.transitions - r.states).toBeGreaterThan(r.transitions / 4);
      // a concrete merge: two failovers in a row reach the same state as one
      const { root, ctx } = prepare(under(fixture, 'A-persist-partial'));
      const once = root.clone();
      once.apply(ctx, { kind: 'failover' });
      const twice = once.clone();
      twice.apply(ctx, { kind: 'failover' });
      expect(stateHash(twice, ctx)).toBe(stateHash(once, ctx));
      // and a clone hashes like its original, while a real change does not
      expect(stateHash(root.clone(), ctx)).toBe(stateHash(root, ctx));
      const moved = root.clone();
      moved.apply(ctx, { kind: 'client', client: 'b', do: 'join' });
      expect(stateHash(moved, ctx)).not.toBe(stateHash(root, ctx));
    },
    T,
  );

  it(
    'clones are independent of their original',
    () => {
      const { root, ctx } = prepare(under(fixture, 'coordinator-only'));
      const before = stateHash(root, ctx);
      const child = root.clone();
      child.apply(ctx, { kind: 'client', client: 'b', do: 'join' });
      child.apply(ctx, { kind: 'client', client: 'a', do: 'heartbeat' });
      child.apply(ctx, { kind: 'run', ms: 30000 });
      expect(stateHash(root, ctx)).toBe(before);
      expect(root.broker.coordinator.groups.get('app')!.members.has('b')).toBe(false);
      expect(child.broker.coordinator.groups.get('app')!.members.has('b')).toBe(true);
      expect(root.broker.now).toBe(0);
    },
    T,
  );

  it(
    'maxStates truncates, shouldStop cancels, onProgress reports',
    () => {
      const r = explore(fixture, { bfs: true, depth: 6, maxStates: 50 });
      expect(r.truncated).toBe(true);
      expect(r.states).toBe(50);
      let calls = 0;
      const seen: number[] = [];
      const c = explore(fixture, { bfs: true, depth: 6, shouldStop: () => ++calls > 30 }, (p) => seen.push(p.states));
      expect(c.truncated).toBe(true);
      expect(c.transitions).toBe(31);
      expect(seen.length).toBeGreaterThan(0);
    },
    T,
  );

  it(
    'reports each violation as it is found, so a cancelled search keeps it, and progress that covers the bound',
    () => {
      const s = under(load(TWO_ROLES), 'current');
      const full = explore(s, { bfs: true, depth: 4 });
      expect(full.violations.length).toBeGreaterThan(0);
      // found as they come: the same violations as the result, each reported once (breadth-first finds a shortest first)
      const reported: string[] = [];
      const progress: { done: number; transitions: number; violations: number }[] = [];
      const again = explore(s, { bfs: true, depth: 4, onViolation: (v) => void reported.push(v.invariant) }, (p) => progress.push(p));
      expect(reported.sort()).toEqual(full.violations.map((v) => v.invariant));
      expect(again.violations).toEqual(full.violations);
      // progress starts at the first transition, never goes back, and ends at the whole bound
      expect(progress[0]!.transitions).toBe(1);
      for (let i = 1; i < progress.length; i++) expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done);
      expect(progress.at(-1)).toMatchObject({ done: 1, transitions: full.transitions, violations: full.violations.length });
      // cancelled after the first violation: the caller holds it, though the search returns early
      const kept: string[] = [];
      let stop = false;
      const cut = explore(s, { bfs: true, depth: 4, shouldStop: () => stop, onViolation: (v) => ((stop = true), void kept.push(v.invariant)) });
      expect(cut.truncated).toBe(true);
      expect(kept).toHaveLength(1);
      expect(full.violations.map((v) => v.invariant)).toContain(kept[0]);
    },
    T,
  );
});

describe('sgp explore', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), readFile: async (p: string) => readFileSync(join(root, p), 'utf8') } };
  };

  it('parses its options', () => {
    expect(parseExploreArgs(['f.json', '--bfs', '--depth', '4', '--max-states=10', '--from-step', '0'])).toEqual({
      file: 'f.json',
      options: { bfs: true, depth: 4, maxStates: 10, fromStep: 0 },
      variant: null,
      json: false,
      out: null,
    });
    expect(parseExploreArgs(['f.json'])).toMatchObject({ options: { walks: 200 } });
    expect(parseExploreArgs(['f.json', '--depth', '0'])).toMatch(/--depth needs a whole number of at least 1/);
    expect(parseExploreArgs(['f.json', '--variant', 'nope'])).toMatch(/--variant needs one of/);
    expect(parseExploreArgs(['--bfs'])).toMatch(/needs a scenario FILE/);
    expect(parseExploreArgs(['a.json', 'b.json'])).toMatch(/takes one FILE/);
  });

  it(
    'exit 0 without violation, 1 with violations (and --out writes minimal scenarios), 2 on bad input',
    async () => {
      const ok = io();
      expect(await exploreCli(['static/examples/02-scale-out-revocation.json', '--bfs', '--depth', '2'], ok.io)).toBe(0);
      expect(ok.out.join('')).toMatch(/no invariant violated/);

      const bad = io();
      const files = new Map<string, string>();
      const fs = async () => ({ mkdir: async () => {}, writeFile: async (p: string, t: string) => void files.set(p, t) });
      expect(await exploreCli([TWO_ROLES, '--bfs', '--depth', '3', '--variant', 'current', '--out', 'out/'], bad.io, fs)).toBe(1);
      expect(bad.out.join('')).toMatch(/VIOLATION live-member-kept after \d action/);
      expect([...files.keys()]).toEqual(['out/kafka-20870-two-roles-live-member-kept.json']);
      const written = parseScenario(files.get('out/kafka-20870-two-roles-live-member-kept.json')!);
      expect(written.ok).toBe(true);
      if (written.ok) expect(runScenario(written.scenario).steps.flatMap((s) => s.mismatches)).toEqual([]);

      const json = io();
      expect(await exploreCli([TWO_ROLES, '--bfs', '--depth', '3', '--variant', 'coordinator-only', '--json'], json.io)).toBe(1);
      expect(JSON.parse(json.out.join('')).violations[0].invariant).toBe('eventual-convergence');

      const missing = io();
      expect(await exploreCli(['nope.json'], missing.io)).toBe(2);
      expect(missing.err.join('')).toMatch(/cannot read/);
      const past = io();
      expect(await exploreCli([TWO_ROLES, '--from-step', '9'], past.io)).toBe(2);
    },
    T,
  );
});
