// A real application's broker request log, replayed in the simulator: `sgp import` turns the log into a scenario
// (raw sends, advances from the timestamps), the simulator runs it, and every simulated response is compared with the
// response the broker logged, through the same named normalisations as `sgp oracle`.
//
// The log fixes the coordinator's clock only to within a few milliseconds: a line's timestamp is cut to the
// millisecond, and the coordinator reads its own clock when its event loop takes the request, after the handover the
// log records; and on a loaded machine the coordinator's timers fire and its event loop takes requests tens of ms
// late. Where a request lies within `tieMs` of another member's request or of a timer deadline (a session timeout,
// the assignment interval), the log does not say which came first, and Kafka's answer is what tells.
// `replayRequestLog(…, { tieMs })` then replays such a request in the other order (swapped with the other member's,
// or moved by up to `tieMs` across the deadline) and keeps the order that gives Kafka's answer; every such choice is
// returned in `ties`. A divergence no order within `tieMs` explains stays a divergence.
import { scenarioFromRequestLog } from '../../src/core/interop/requestLog.ts';
import { compareWithKafka, type KafkaStepResult, type OracleStepRow } from '../../src/core/oracle/compare.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario, Step, Trace } from '../../src/core/scenario/types.ts';

export interface ReplayTie {
  /** The step (index into the scenario's steps) replayed in the other order. */
  step: number;
  label: string;
  how: 'swapped with the previous request' | 'swapped with the next request' | 'moved earlier' | 'moved later';
  ms: number;
}

export interface LogReplay {
  scenario: Scenario;
  trace: Trace;
  rows: OracleStepRow[];
  /** Rows whose simulated response differs from the logged one. */
  divergent: OracleStepRow[];
  normalisations: string[];
  /** The orders chosen where the log's clock could not tell (empty without `tieMs`). */
  ties: ReplayTie[];
}

/** Group-level config names (IncrementalAlterConfigs on GROUP) -> the scenario's broker-level names. */
export function scenarioConfig(groupConfigs: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(groupConfigs)) out[`group.${k}`] = Number(v);
  return out;
}

interface Replayed {
  steps: Step[];
  responses: unknown[];
}

function evaluate(scenario: Scenario, r: Replayed): Omit<LogReplay, 'ties'> {
  const run = { ...scenario, steps: r.steps };
  const trace = runScenario(run);
  const kafka: KafkaStepResult[] = [];
  r.steps.forEach((step, index) => {
    if (!('send' in step)) return;
    kafka.push({ index, label: trace.steps[index]?.label ?? '', kind: 'send', response: r.responses[index] as Record<string, unknown>, exchanges: [], records: [] });
  });
  // the log has no records: compare responses only
  const rows = compareWithKafka(trace.steps, kafka).steps.map((row) => ({ ...row, diffs: row.diffs.filter((d) => !d.path.startsWith('records')) }));
  return { scenario: run, trace, rows, divergent: rows.filter((row) => row.diffs.length > 0), normalisations: compareWithKafka([], []).normalisations };
}

const advanceAt = (r: Replayed, i: number): number | null => {
  const s = r.steps[i];
  return s !== undefined && 'advance' in s ? s.advance : null;
};
const memberAt = (r: Replayed, i: number): string | undefined => {
  const s = r.steps[i];
  return s !== undefined && 'send' in s ? (s.member ?? '') : undefined;
};

/** The other orders of step `d` that the log's clock allows: each a new step list, or null where it does not apply. */
function alternatives(r: Replayed, d: number, tieMs: number): { how: ReplayTie['how']; ms: number; replayed: Replayed }[] {
  const out: { how: ReplayTie['how']; ms: number; replayed: Replayed }[] = [];
  const swap = (a: number, b: number): Replayed => {
    const steps = [...r.steps];
    const responses = [...r.responses];
    [steps[a], steps[b]] = [steps[b]!, steps[a]!];
    [responses[a], responses[b]] = [responses[b], responses[a]];
    return { steps, responses };
  };
  const withAdvances = (changes: [number, number][]): Replayed => {
    const steps = [...r.steps];
    for (const [i, ms] of changes) steps[i] = { ...(steps[i] as Step & { advance: number }), advance: ms };
    return { steps, responses: r.responses };
  };
  const me = memberAt(r, d);
  // another member's request at most tieMs before or after (an advance of at most tieMs between, or none)
  for (const [dir, how] of [
    [-1, 'swapped with the previous request'],
    [1, 'swapped with the next request'],
  ] as const) {
    const gap = advanceAt(r, d + dir);
    const other = gap === null ? d + dir : d + 2 * dir;
    const ms = gap ?? 0;
    const them = memberAt(r, other);
    if (them !== undefined && them !== me && ms <= tieMs) out.push({ how, ms, replayed: swap(d, other) });
  }
  // a timer deadline at most tieMs before or after: the request moves across it (by the least of a few steps that
  // does), the requests around it stay put
  const before = advanceAt(r, d - 1);
  const after = advanceAt(r, d + 1);
  if (before !== null && after !== null) {
    for (const step of SHIFTS_MS) {
      if (step > tieMs) break;
      if (step < before)
        out.push({
          how: 'moved earlier',
          ms: step,
          replayed: withAdvances([
            [d - 1, before - step],
            [d + 1, after + step],
          ]),
        });
      if (step < after)
        out.push({
          how: 'moved later',
          ms: step,
          replayed: withAdvances([
            [d - 1, before + step],
            [d + 1, after - step],
          ]),
        });
    }
  }
  return out;
}

/** The shifts tried across a timer deadline, least first. */
const SHIFTS_MS = [2, 5, 10, 25, 50, 100, 150, 250];

const divergentBefore = (rows: readonly OracleStepRow[], d: number): string =>
  rows
    .filter((row) => row.index < d && row.diffs.length > 0)
    .map((row) => row.index)
    .join(',');

export function replayRequestLog(text: string, base: Partial<Scenario>, opts: { tieMs?: number } = {}): LogReplay {
  const { scenario, result } = scenarioFromRequestLog(text, base, { timing: 'advance', clock: 'handled', expectResponses: true });
  let current: Replayed = { steps: [...scenario.steps], responses: [...result.responses] };
  let replay = evaluate(scenario, current);
  const ties: ReplayTie[] = [];
  if (opts.tieMs === undefined) return { ...replay, ties };
  // Each divergent request after Kafka's first assignment in turn (before it the replay differs for a reason no order
  // explains: the internal topics appear late, oracle/accepted.md): the first other order that makes it agree without
  // changing any earlier answer.
  const firstAssigned = current.responses.findIndex((res) => Array.isArray((res as { activeTasks?: unknown } | null)?.activeTasks) && (res as { activeTasks: unknown[] }).activeTasks.length > 0);
  for (let i = 0; i < replay.divergent.length && ties.length < 20; i++) {
    const d = replay.divergent[i]!.index;
    if (d <= firstAssigned) continue;
    const earlier = divergentBefore(replay.rows, d);
    for (const alt of alternatives(current, d, opts.tieMs)) {
      const tried = evaluate(scenario, alt.replayed);
      if (divergentBefore(tried.rows, d) !== earlier || tried.rows.find((row) => row.index === d)?.diffs.length !== 0) continue;
      ties.push({ step: d, label: replay.divergent[i]!.label, how: alt.how, ms: alt.ms });
      current = alt.replayed;
      replay = tried;
      i = replay.divergent.findIndex((row) => row.index > d) - 1;
      if (i < -1) i = replay.divergent.length;
      break;
    }
  }
  return { ...replay, ties };
}
