// Matches a step's `expect` against what the step produced. An object matches when every key it
// gives matches (omitted keys are not checked); arrays match element by element, in order, with the
// same length. Group members are addressed by alias or member id; task maps compare exactly.
import { childPath } from './parse.ts';
import type { Expectation, Mismatch, Scenario, TraceGroupView, TraceMemberView, Variant } from './types.ts';
import { releaseOf, type KafkaRelease } from '../releases/index.ts';

export interface StepOutcome {
  response: unknown;
  /** The response's error by name ("NONE" on success), or null when the step sent nothing. */
  errorName: string | null;
  group: TraceGroupView | null;
  records: { type: string; key: unknown; value: unknown }[];
  /** Names of the invariants violated after the step. */
  violations?: string[];
  /** The scheduled timers after the step, by key (deadline in ms). */
  timers?: ReadonlyMap<string, number>;
  /** The coordinator's topics-to-create list of the step's request. */
  topicsToCreate?: readonly unknown[];
  /** Any group's view after the step. */
  groupOf?: (groupId: string) => TraceGroupView | null;
}

/** `basePath` is the path of the expectation itself, e.g. `$.steps[3].expect`. */
export function matchExpectation(expect: Expectation, actual: StepOutcome, basePath: string): Mismatch[] {
  const out: Mismatch[] = [];
  if (expect.response !== undefined) matchValue(expect.response, actual.response, childPath(basePath, 'response'), out);
  if (expect.error !== undefined && expect.error !== actual.errorName) {
    out.push({ path: childPath(basePath, 'error'), expected: expect.error, actual: actual.errorName });
  }
  if (expect.group !== undefined) matchGroup(expect.group, actual.group, childPath(basePath, 'group'), out);
  if (expect.records !== undefined) {
    const rp = childPath(basePath, 'records');
    if (Array.isArray(expect.records)) matchValue(expect.records, actual.records, rp, out);
    else if (expect.records.match === 'exact') matchValue(expect.records.items, actual.records, childPath(rp, 'items'), out);
    else matchSubsequence(expect.records.items, actual.records, childPath(rp, 'items'), out);
  }
  if (expect.timers !== undefined) {
    const tp = childPath(basePath, 'timers');
    for (const [key, deadline] of Object.entries(expect.timers)) {
      const got = actual.timers?.get(key) ?? null;
      if (got !== deadline) out.push({ path: childPath(tp, key), expected: deadline, actual: got });
    }
  }
  if (expect.topicsToCreate !== undefined) matchValue(expect.topicsToCreate, actual.topicsToCreate ?? [], childPath(basePath, 'topicsToCreate'), out);
  if (expect.groups !== undefined) {
    const gp = childPath(basePath, 'groups');
    for (const [id, g] of Object.entries(expect.groups)) matchGroup(g, actual.groupOf?.(id) ?? null, childPath(gp, id), out);
  }
  if (expect.recordTypes !== undefined) {
    matchValue(
      expect.recordTypes,
      actual.records.map((r) => r.type),
      childPath(basePath, 'recordTypes'),
      out,
    );
  }
  if (expect.violations !== undefined) {
    // the set of violated invariants, compared exactly (order-insensitive)
    const want = [...new Set(expect.violations)].sort();
    const got = [...new Set(actual.violations ?? [])].sort();
    if (JSON.stringify(want) !== JSON.stringify(got)) out.push({ path: childPath(basePath, 'violations'), expected: want, actual: got });
  }
  return out;
}

/**
 * The expected items appear in the actual list in this order, not necessarily next to each other (each matched as an
 * object: the keys it gives); the earliest match for each item is taken, which finds a subsequence whenever one exists.
 */
function matchSubsequence(expected: readonly unknown[], actual: readonly unknown[], path: string, out: Mismatch[]): void {
  let from = 0;
  for (let i = 0; i < expected.length; i++) {
    let found = -1;
    for (let j = from; j < actual.length; j++) {
      const probe: Mismatch[] = [];
      matchValue(expected[i], actual[j], path, probe);
      if (probe.length === 0) {
        found = j;
        break;
      }
    }
    if (found < 0) {
      out.push({ path: childPath(path, i), expected: expected[i], actual: `no such record after position ${from} of ${actual.length}` });
      return;
    }
    from = found + 1;
  }
}

/** What a run is: its coordinator variant and, for an edition with releases, its Kafka release. */
export interface RunUnder {
  variant: Variant;
  release?: KafkaRelease | undefined;
}

/** What a scenario's own run is: its variant, and its release when its edition has releases (ak4). */
export function runUnder(scenario: Pick<Scenario, 'variant' | 'kafka'>, hasReleases: boolean): RunUnder {
  return { variant: scenario.variant, release: hasReleases ? releaseOf(scenario) : undefined };
}

/**
 * The expectation as it applies to one run, layer by layer: the shared keys, then `byVariant[variant]`, then
 * `byRelease[release]`; a key a later layer gives replaces the earlier one. Each key comes with the JSON path of the
 * block it was written in, so a mismatch names the line to change.
 */
function layersOf(expect: Expectation, under: RunUnder, basePath: string): { expect: Expectation; path: string }[] {
  const { byVariant, byRelease, ...shared } = expect;
  const layers: { expect: Expectation; path: string }[] = [{ expect: shared, path: basePath }];
  const v = byVariant?.[under.variant];
  if (v) layers.push({ expect: v, path: childPath(childPath(basePath, 'byVariant'), under.variant) });
  const r = under.release === undefined ? undefined : byRelease?.[under.release];
  if (r && under.release !== undefined) layers.push({ expect: r, path: childPath(childPath(basePath, 'byRelease'), under.release) });
  // each layer keeps only the keys no later layer replaces
  return layers.map((l, i) => {
    const later = new Set(layers.slice(i + 1).flatMap((x) => Object.keys(x.expect)));
    return { expect: Object.fromEntries(Object.entries(l.expect).filter(([k]) => !later.has(k))) as Expectation, path: l.path };
  });
}

/** The expectation under a run (variant and release), with no byVariant or byRelease left. */
export function resolveExpectation(expect: Expectation, under: RunUnder): Expectation {
  const out: Expectation = {};
  for (const l of layersOf(expect, under, '$')) Object.assign(out, l.expect);
  return out;
}

/** Matches a step's expectation under a run: keys in `byVariant[variant]` and `byRelease[release]` replace the shared ones. */
export function matchUnder(expect: Expectation, under: RunUnder, actual: StepOutcome, basePath: string): Mismatch[] {
  return layersOf(expect, under, basePath).flatMap((l) => matchExpectation(l.expect, actual, l.path));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Generic partial match: objects by given keys, arrays exactly (length and order), primitives by ===. */
export function matchValue(expected: unknown, actual: unknown, path: string, out: Mismatch[]): void {
  if (isObject(expected)) {
    if (!isObject(actual)) {
      out.push({ path, expected, actual });
      return;
    }
    for (const [k, v] of Object.entries(expected)) {
      if (!Object.prototype.hasOwnProperty.call(actual, k)) out.push({ path: childPath(path, k), expected: v, actual: undefined });
      else matchValue(v, actual[k], childPath(path, k), out);
    }
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push({ path, expected, actual });
      return;
    }
    expected.forEach((e, i) => matchValue(e, actual[i], childPath(path, i), out));
    return;
  }
  if (!Object.is(expected, actual) && !(expected === 0 && actual === 0)) out.push({ path, expected, actual });
}

function findMember(group: TraceGroupView, key: string): TraceMemberView | undefined {
  for (const m of Object.values(group.members)) if (m.alias === key) return m;
  return group.members[key];
}

function matchGroup(expected: unknown, actual: TraceGroupView | null, path: string, out: Mismatch[]): void {
  if (expected === null || actual === null || !isObject(expected)) {
    if (expected !== actual) out.push({ path, expected, actual });
    return;
  }
  const view = actual as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(expected)) {
    const p = childPath(path, k);
    if (k !== 'members') {
      if (!Object.prototype.hasOwnProperty.call(view, k)) out.push({ path: p, expected: v, actual: undefined });
      else matchValue(v, view[k], p, out);
      continue;
    }
    if (!isObject(v)) {
      matchValue(v, actual.members, p, out);
      continue;
    }
    for (const [key, em] of Object.entries(v)) {
      const mp = childPath(p, key);
      const member = findMember(actual, key);
      if (em === null) {
        if (member) out.push({ path: mp, expected: null, actual: member });
        continue;
      }
      if (!member) {
        out.push({ path: mp, expected: em, actual: undefined });
        continue;
      }
      matchMember(em, member, mp, out);
    }
  }
}

const TASK_KEYS = new Set(['assigned', 'pendingRevocation', 'target']);

function matchMember(expected: unknown, member: TraceMemberView, path: string, out: Mismatch[]): void {
  if (!isObject(expected)) {
    out.push({ path, expected, actual: member });
    return;
  }
  const view = member as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(expected)) {
    const p = childPath(path, k);
    if (!Object.prototype.hasOwnProperty.call(view, k)) {
      out.push({ path: p, expected: v, actual: undefined });
    } else if (TASK_KEYS.has(k) && isObject(v) && isObject(view[k])) {
      const roles = view[k] as Record<string, unknown>;
      for (const [role, tasks] of Object.entries(v)) matchTaskMap(tasks, roles[role], childPath(p, role), out);
    } else {
      matchValue(v, view[k], p, out);
    }
  }
}

/**
 * A role's tasks (subtopology id -> partitions) compare as sets: the same subtopologies with the
 * same partitions, in any order; a subtopology with no partitions counts as absent.
 */
function matchTaskMap(expected: unknown, actual: unknown, path: string, out: Mismatch[]): void {
  const e = normalizeTasks(expected);
  const a = normalizeTasks(actual);
  if (e === null || a === null || JSON.stringify(e) !== JSON.stringify(a)) out.push({ path, expected, actual });
}

function normalizeTasks(v: unknown): [string, number[]][] | null {
  if (!isObject(v)) return null;
  const out: [string, number[]][] = [];
  for (const [sub, parts] of Object.entries(v)) {
    if (!Array.isArray(parts)) return null;
    if (parts.length === 0) continue;
    out.push([sub, [...(parts as number[])].sort((x, y) => x - y)]);
  }
  return out.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
}
