// The latest complete run's trace, kept in the worker so the page holds only what it shows: one small
// summary per step up front, a step's full views when it is selected, and the log a window at a time.
// Steps are kept as JSON text (about a third of the memory of the objects) and parsed on demand.
import type { UiStep } from './ui-step.ts';
import type { TraceInitial } from '../src/core/scenario/types.ts';
import { INITIAL_STEP } from '../src/ui/lib/initial-step.ts';
import { compact, outcome, previousHeartbeat, type LogRow, type Outcome } from '../src/ui/lib/view.ts';
import { stepFlow, type FlowEvent } from '../src/core/scenario/flow.ts';

/** What the timeline and the views that look across steps need of every step. */
export interface StepSummary {
  index: number;
  label: string;
  time: number;
  kind: UiStep['kind'];
  member: string | null;
  outcome: Outcome;
  /** Names of the invariants violated after the step (each once). */
  violations: string[];
  /** The violations with their messages, one a line (the badge's tooltip). */
  violationText: string;
  /** The group's state after the step, or null without a group. */
  state: string | null;
  /** The group epoch after the step, or null without a group (the timeline's "next epoch bump"). */
  groupEpoch: number | null;
  records: number;
  /** The record types the step wrote, each once, comma-separated (the timeline's search). */
  recordTypes: string;
}

/** A log row without its value (fetched when the row is opened). */
export interface LogLine {
  offset: number;
  type: string;
  step: number;
  key: string;
  tombstone: boolean;
  batchStart: boolean;
}

export interface LogPage {
  /** Rows up to and including the step, after the type filter and compaction. */
  total: number;
  /** Record types present up to the step (for the filter). */
  types: string[];
  /** Rows [from, from + count) of the total. */
  from: number;
  rows: LogLine[];
  /** Index of the first row written by the step itself, or -1. */
  firstOfStep: number;
}

export function summarize(s: UiStep): StepSummary {
  const names = [...new Set(s.violations.map((v) => v.invariant))];
  return {
    index: s.index,
    label: s.label,
    time: s.time,
    kind: s.kind,
    member: s.member,
    outcome: outcome(s),
    violations: names,
    violationText: s.violations.map((v) => `${v.invariant}: ${v.message}`).join('\n'),
    state: s.group?.state ?? null,
    groupEpoch: s.group?.groupEpoch ?? null,
    records: s.records.length,
    recordTypes: [...new Set(s.records.map((r) => r.type))].join(','),
  };
}

export class TraceStore {
  readonly summaries: StepSummary[] = [];
  private readonly json: string[] = [];
  private readonly log: LogRow[] = [];
  /** Member id -> the client's alias, for every member the trace's groups showed with an alias other than its id (the narration names members by alias). */
  readonly aliases: Record<string, string> = {};
  /** Steps at which each member sent a heartbeat, in order (for the inspector's diff). */
  private readonly heartbeats = new Map<string, number[]>();

  constructor(readonly id: number) {}

  /** The records loaded from the scenario's initialLog (step "initial", -1): the log's first rows, one batch. */
  setInitial(initial: TraceInitial): void {
    if (this.json.length > 0 || this.log.length > 0) throw new Error('the initial records come before every step');
    initial.records.forEach((r, i) => this.log.push({ ...r, step: INITIAL_STEP, batchStart: i === 0 }));
    for (const m of Object.values(initial.group?.members ?? {})) if (m.alias !== null && m.alias !== m.memberId) this.aliases[m.memberId] = m.alias;
  }

  /** Adds the next step; returns the size of its JSON text. */
  add(step: UiStep): number {
    this.summaries.push(summarize(step));
    for (const g of [step.group, ...(step.otherGroups ?? []).map((o) => o.group)])
      for (const m of Object.values(g?.members ?? {})) if (m.alias !== null && m.alias !== m.memberId) this.aliases[m.memberId] = m.alias;
    const json = JSON.stringify(step);
    this.json.push(json);
    const starts = new Set(step.batchStarts);
    for (const r of step.records) this.log.push({ ...r, step: step.index, batchStart: starts.has(r.offset) });
    const senders = new Set<string>();
    for (const x of step.exchanges) if (x.api === undefined) senders.add(x.member);
    if (step.member && step.api === 'StreamsGroupHeartbeat' && step.request) senders.add(step.member);
    for (const m of senders) {
      const list = this.heartbeats.get(m) ?? [];
      list.push(step.index);
      this.heartbeats.set(m, list);
    }
    return json.length;
  }

  get length(): number {
    return this.json.length;
  }

  step(i: number): UiStep | null {
    const j = this.json[i];
    return j === undefined ? null : (JSON.parse(j) as UiStep);
  }

  steps(from: number, to: number): UiStep[] {
    const out: UiStep[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.json.length); i++) out.push(this.step(i)!);
    return out;
  }

  /** The message flow of steps [from, to). */
  flow(from: number, to: number): FlowEvent[] {
    return this.steps(from, to).flatMap(stepFlow);
  }

  /** The member's heartbeat before step `index` (the last one it sent in an earlier step). */
  previousHeartbeat(index: number, member: string): { step: number; request: unknown } | null {
    const list = this.heartbeats.get(member) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < index) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return null;
    const at = list[lo - 1]!;
    const found = previousHeartbeat([this.step(at)!], 1, member);
    return found && { step: at, request: found.request };
  }

  logPage(upTo: number, type: string, compacted: boolean, from: number, count: number): LogPage {
    // rows are in step order: the first row of a later step ends the slice
    let end = 0;
    let hi = this.log.length;
    while (end < hi) {
      const mid = (end + hi) >> 1;
      if (this.log[mid]!.step <= upTo) end = mid + 1;
      else hi = mid;
    }
    const upToStep = this.log.slice(0, end);
    const types = [...new Set(upToStep.map((r) => r.type))].sort();
    const rows = (compacted ? compact(upToStep) : upToStep).filter((r) => !type || r.type === type);
    const firstOfStep = rows.findIndex((r) => r.step === upTo);
    const start = Math.max(0, Math.min(from, rows.length));
    return {
      total: rows.length,
      types,
      from: start,
      firstOfStep,
      rows: rows.slice(start, start + count).map((r) => ({ offset: r.offset, type: r.type, step: r.step, key: JSON.stringify(r.key), tombstone: r.value === null, batchStart: r.batchStart })),
    };
  }

  logValue(offset: number): unknown {
    return this.log.find((r) => r.offset === offset)?.value ?? null;
  }
}
