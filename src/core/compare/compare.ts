// Runs one scenario under two coordinator variants, protocol editions or Kafka releases and finds where they diverge.
import type { Edition } from '../protocol/errors.ts';
import { ScenarioRunner } from '../scenario/runner.ts';
import type { BudgetStop, RunProbe } from '../scenario/budget.ts';
import { parseScenarioUnderRelease } from '../scenario/parse.ts';
import { onOneLine } from '../scenario/format.ts';
import type { ScenarioError } from '../scenario/json.ts';
import type { Scenario, Trace, TraceStep, Variant } from '../scenario/types.ts';
import { releaseOf, type KafkaRelease } from '../releases/index.ts';
import { editionNamed } from '../editions/index.ts';

/** One side of a comparison; what it leaves out is the scenario's own. */
export interface Side {
  variant?: Variant;
  protocol?: Edition;
  /** The Kafka release (editions with releases: ak4). */
  kafka?: KafkaRelease;
}

/** A side with everything filled in; `kafka` is null for an edition without releases (the draft). */
export interface ResolvedSide {
  variant: Variant;
  protocol: Edition;
  kafka: KafkaRelease | null;
}

export interface Difference {
  /** What differs: the error, the response, the records appended, the group after the step, the invariants. */
  aspect: 'error' | 'response' | 'records' | 'group' | 'violations';
  path: string;
  left: unknown;
  right: unknown;
}

export interface Comparison {
  left: { side: ResolvedSide; trace: Trace };
  right: { side: ResolvedSide; trace: Trace };
  /** Index of the first step whose outcome differs, or null when the runs agree throughout. */
  firstDivergence: number | null;
  /** Per step, what differs (empty when the step agrees). */
  differences: Difference[][];
  /** The run budget's limit (wall time, heap, steps, timers) that stopped one of the runs, or null: the steps compared are those both ran. */
  stopped: BudgetStop | null;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Structural differences between two JSON values, as JSON paths. */
export function diffJson(left: unknown, right: unknown, path: string, out: { path: string; left: unknown; right: unknown }[], limit = 50): void {
  if (out.length >= limit) return;
  if (isObj(left) && isObj(right)) {
    for (const k of [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()) diffJson(left[k], right[k], `${path}.${k}`, out, limit);
    return;
  }
  if (Array.isArray(left) && Array.isArray(right) && left.length === right.length) {
    left.forEach((x, i) => diffJson(x, right[i], `${path}[${i}]`, out, limit));
    return;
  }
  if (JSON.stringify(left) !== JSON.stringify(right)) out.push({ path, left, right });
}

/** Records without offsets: the same writes at different offsets are the same writes. */
const records = (s: TraceStep) => s.records.map((r) => ({ type: r.type, key: r.key, value: r.value }));

export function compareSteps(l: TraceStep, r: TraceStep): Difference[] {
  const out: Difference[] = [];
  const add = (aspect: Difference['aspect'], a: unknown, b: unknown) => {
    const found: { path: string; left: unknown; right: unknown }[] = [];
    diffJson(a, b, '$', found);
    for (const d of found) out.push({ aspect, ...d });
  };
  if (l.errorName !== r.errorName) out.push({ aspect: 'error', path: '$', left: l.errorName, right: r.errorName });
  add('response', l.response, r.response);
  add('records', records(l), records(r));
  add('group', l.group, r.group);
  add('violations', l.violations.map((v) => v.invariant).sort(), r.violations.map((v) => v.invariant).sort());
  return out;
}

/**
 * Runs both sides and compares them step by step. `probe` (the caller's clock and heap, read from the job's start) makes
 * the two runs together honour the scenario's wall-time and heap budgets.
 */
export function compareScenario(scenario: Scenario, left: Side, right: Side, options: { probe?: RunProbe } = {}): Comparison {
  const l = resolveSide(scenario, left);
  const r = resolveSide(scenario, right);
  const leftRunner = new ScenarioRunner(scenarioUnder(scenario, l), options);
  const lt = leftRunner.run();
  // the probe's clock runs from the job's start, and the left trace stays kept while the right side runs: after a left
  // run that spent the budget, the right one stops at its first step
  const rt = new ScenarioRunner(scenarioUnder(scenario, r), { ...options, kept: leftRunner.budget.retainedBytes }).run();
  const differences = lt.steps.map((s, i) => (rt.steps[i] ? compareSteps(s, rt.steps[i]!) : []));
  const first = differences.findIndex((d) => d.length > 0);
  return { left: { side: l, trace: lt }, right: { side: r, trace: rt }, firstDivergence: first === -1 ? null : first, differences, stopped: lt.stopped ?? rt.stopped ?? null };
}

/** The side filled in from the scenario: its variant, protocol and (for an edition with releases) release. */
export function resolveSide(scenario: Scenario, s: Side): ResolvedSide {
  const protocol = s.protocol ?? scenario.protocol;
  return { variant: s.variant ?? scenario.variant, protocol, kafka: editionNamed(protocol).hasReleases ? (s.kafka ?? releaseOf(scenario)) : null };
}

function scenarioUnder(scenario: Scenario, side: ResolvedSide): Scenario {
  const out: Scenario = { ...scenario, variant: side.variant, protocol: side.protocol };
  if (side.kafka === null) delete out.kafka;
  else out.kafka = side.kafka;
  return out;
}

/**
 * A side's release must accept the document as written (a release refuses the fields and request versions it does
 * not have): the first side whose release does not, with the validator's errors, or null when every side's does.
 */
export function releaseProblems(text: string, scenario: Scenario, sides: readonly Side[]): { release: KafkaRelease; errors: ScenarioError[] } | null {
  for (const side of sides) {
    const { kafka, protocol } = resolveSide(scenario, side);
    // a side under another edition runs the document as it is (as a comparison of editions always has)
    if (kafka === null || protocol !== scenario.protocol || kafka === releaseOf(scenario)) continue;
    const parsed = parseScenarioUnderRelease(text, kafka);
    if (!parsed.ok) return { release: kafka, errors: parsed.errors };
  }
  return null;
}

/**
 * The two sides' names for headings: protocol/variant as before; only the release ("Kafka 4.2") when that is all
 * that differs; both when both differ.
 */
export function sideNames(l: ResolvedSide, r: ResolvedSide): [string, string] {
  const pv = (s: ResolvedSide) => `${s.protocol}/${s.variant}`;
  const k = (s: ResolvedSide) => (s.kafka === null ? '' : `Kafka ${s.kafka}`);
  if (l.kafka === r.kafka) return [pv(l), pv(r)];
  if (pv(l) === pv(r)) return [k(l), k(r)];
  return [`${pv(l)} ${k(l)}`.trim(), `${pv(r)} ${k(r)}`.trim()];
}

/** A readable side-by-side summary for the CLI. */
export function formatComparison(c: Comparison): string {
  const [ln, rn] = sideNames(c.left.side, c.right.side);
  const lines: string[] = [`compare ${ln}  vs  ${rn}`, ''];
  const outcome = (s: TraceStep | undefined) => {
    if (!s) return '';
    const g = s.group;
    const v = s.violations.length ? ` !${[...new Set(s.violations.map((x) => x.invariant))].join(',')}` : '';
    return `${s.errorName ?? '-'} ${s.records.length}rec ${g ? `${g.state} ${g.groupEpoch}/${g.assignmentEpoch}` : 'no group'}${v}`;
  };
  const w = Math.max(ln.length, 34);
  lines.push(`${'#'.padStart(3)}  ${'step'.padEnd(40)}  ${ln.padEnd(w)}  ${rn}`);
  c.left.trace.steps.forEach((s, i) => {
    const mark = i === c.firstDivergence ? '>>' : c.differences[i]!.length ? ' *' : '  ';
    lines.push(`${mark}${String(i).padStart(2)}  ${onOneLine(s.label).slice(0, 40).padEnd(40)}  ${outcome(s).padEnd(w)}  ${outcome(c.right.trace.steps[i])}`);
  });
  lines.push('');
  if (c.firstDivergence === null) lines.push('The two runs agree at every step.');
  else {
    const i = c.firstDivergence;
    lines.push(`First divergence at step ${i} "${onOneLine(c.left.trace.steps[i]!.label)}":`);
    for (const d of c.differences[i]!.slice(0, 30)) lines.push(`  ${d.aspect} ${d.path}: ${JSON.stringify(d.left)}  vs  ${JSON.stringify(d.right)}`);
    if (c.differences[i]!.length > 30) lines.push(`  … ${c.differences[i]!.length - 30} more`);
  }
  return lines.join('\n') + '\n';
}
