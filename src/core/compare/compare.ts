// Runs one scenario under two coordinator variants (or protocol editions, or Kafka releases) and finds where they diverge.
import type { Edition } from '../protocol/errors.ts';
import { releaseOf, type KafkaRelease } from '../releases/index.ts';
import { ScenarioRunner } from '../scenario/runner.ts';
import type { BudgetStop, RunProbe } from '../scenario/budget.ts';
import type { Scenario, Trace, TraceStep, Variant } from '../scenario/types.ts';

export interface Side {
  variant?: Variant;
  protocol?: Edition;
  /** The Kafka release line (ak4; src/core/releases/). */
  kafka?: KafkaRelease;
}

export interface Difference {
  /** What differs: the error, the response, the records appended, the group after the step, the invariants. */
  aspect: 'error' | 'response' | 'records' | 'group' | 'violations';
  path: string;
  left: unknown;
  right: unknown;
}

export interface Comparison {
  left: { side: Required<Side>; trace: Trace };
  right: { side: Required<Side>; trace: Trace };
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
  const full = (s: Side): Required<Side> => ({ variant: s.variant ?? scenario.variant, protocol: s.protocol ?? scenario.protocol, kafka: s.kafka ?? releaseOf(scenario) });
  const l = full(left);
  const r = full(right);
  // a side names its release only where one was chosen (a scenario that names none runs, and traces, as before)
  const named = scenario.kafka !== undefined || left.kafka !== undefined || right.kafka !== undefined;
  const sideScenario = (s: Required<Side>): Scenario => {
    const { kafka, ...rest } = s;
    const out: Scenario = { ...scenario, ...rest };
    if (named) out.kafka = kafka;
    return out;
  };
  const leftRunner = new ScenarioRunner(sideScenario(l), options);
  const lt = leftRunner.run();
  // the probe's clock runs from the job's start, and the left trace stays kept while the right side runs: after a left
  // run that spent the budget, the right one stops at its first step
  const rt = new ScenarioRunner(sideScenario(r), { ...options, kept: leftRunner.budget.retainedBytes }).run();
  const differences = lt.steps.map((s, i) => (rt.steps[i] ? compareSteps(s, rt.steps[i]!) : []));
  const first = differences.findIndex((d) => d.length > 0);
  return { left: { side: l, trace: lt }, right: { side: r, trace: rt }, firstDivergence: first === -1 ? null : first, differences, stopped: lt.stopped ?? rt.stopped ?? null };
}

/** A readable side-by-side summary for the CLI. */
export function formatComparison(c: Comparison): string {
  const releases = c.left.side.kafka !== c.right.side.kafka || c.left.trace.kafka !== undefined;
  const name = (s: Required<Side>) => `${s.protocol}/${s.variant}${releases ? ` kafka ${s.kafka}` : ''}`;
  const ln = name(c.left.side);
  const rn = name(c.right.side);
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
    lines.push(`${mark}${String(i).padStart(2)}  ${s.label.slice(0, 40).padEnd(40)}  ${outcome(s).padEnd(w)}  ${outcome(c.right.trace.steps[i])}`);
  });
  lines.push('');
  if (c.firstDivergence === null) lines.push('The two runs agree at every step.');
  else {
    const i = c.firstDivergence;
    lines.push(`First divergence at step ${i} "${c.left.trace.steps[i]!.label}":`);
    for (const d of c.differences[i]!.slice(0, 30)) lines.push(`  ${d.aspect} ${d.path}: ${JSON.stringify(d.left)}  vs  ${JSON.stringify(d.right)}`);
    if (c.differences[i]!.length > 30) lines.push(`  … ${c.differences[i]!.length - 30} more`);
  }
  return lines.join('\n') + '\n';
}
