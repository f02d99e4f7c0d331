// Pure view derivations over trace data (no protocol rules: only reshaping what the core reported).
import type { TraceMemberView, TraceRecord } from '../../core/scenario/types.ts';
import type { UiStep } from '../../../workers/ui-step.ts';

export type Outcome = { kind: 'ok' | 'error' | 'mismatch' | 'none'; text: string };

export function outcome(s: UiStep): Outcome {
  if (s.mismatches.length > 0) return { kind: 'mismatch', text: 'expectation failed' };
  if (s.errorName && s.errorName !== 'NONE') return { kind: 'error', text: s.errorName };
  const bad = s.exchanges.find((x) => x.errorName !== 'NONE');
  if (bad) return { kind: 'error', text: bad.errorName };
  if (s.errorName === 'NONE' || s.exchanges.length > 0) return { kind: 'ok', text: 'ok' };
  return { kind: 'none', text: 'ok' };
}

export interface LogRow extends TraceRecord {
  step: number;
  batchStart: boolean;
}

/** All records appended up to and including step `upTo`, with the step that wrote each and batch starts. */
export function logUpTo(steps: readonly UiStep[], upTo: number): LogRow[] {
  const out: LogRow[] = [];
  for (let i = 0; i <= upTo && i < steps.length; i++) {
    const s = steps[i]!;
    const starts = new Set(s.batchStarts);
    for (const r of s.records) out.push({ ...r, step: i, batchStart: starts.has(r.offset) });
  }
  return out;
}

/** Compacted view: the latest record per (type, key); tombstones kept. */
export function compact(rows: readonly LogRow[]): LogRow[] {
  const latest = new Map<string, LogRow>();
  for (const r of rows) {
    const id = `${r.type}|${JSON.stringify(r.key)}`;
    latest.delete(id);
    latest.set(id, r);
  }
  return [...latest.values()].sort((a, b) => a.offset - b.offset);
}

export type Role = 'active' | 'standby' | 'warmup';
export const ROLES: readonly Role[] = ['active', 'standby', 'warmup'];

export function fmtTasks(t: Record<string, number[]>): string {
  const parts = Object.entries(t)
    .filter(([, p]) => p.length > 0)
    .map(([s, p]) => `${s}:[${p.join(',')}]`);
  return parts.length ? parts.join(' ') : '–';
}

export function countTasks(t: Record<string, number[]>): number {
  let n = 0;
  for (const p of Object.values(t)) n += p.length;
  return n;
}

export interface MatrixCell {
  current: Role | null;
  target: Role | null;
  pending: Role | null;
}

export interface Matrix {
  tasks: string[];
  members: TraceMemberView[];
  /** cells[task][memberIndex] */
  cells: Map<string, MatrixCell[]>;
}

function taskKeys(m: TraceMemberView, add: (k: string) => void): void {
  const tuples = [m.assigned, m.pendingRevocation, m.target];
  for (const t of tuples) {
    if (!t) continue;
    for (const r of ROLES) for (const [s, ps] of Object.entries(t[r])) for (const p of ps) add(`${s}_${p}`);
  }
}

function roleOf(t: TraceMemberView['assigned'] | null, key: string): Role | null {
  if (!t) return null;
  const [s, p] = splitTask(key);
  for (const r of ROLES) if (t[r][s]?.includes(p)) return r;
  return null;
}

export function splitTask(key: string): [string, number] {
  const i = key.lastIndexOf('_');
  return [key.slice(0, i), Number(key.slice(i + 1))];
}

export function compareTask(a: string, b: string): number {
  const [sa, pa] = splitTask(a);
  const [sb, pb] = splitTask(b);
  if (sa !== sb) return sa.localeCompare(sb, undefined, { numeric: true });
  return pa - pb;
}

export function matrix(members: TraceMemberView[]): Matrix {
  const keys = new Set<string>();
  for (const m of members) taskKeys(m, (k) => keys.add(k));
  const tasks = [...keys].sort(compareTask);
  const cells = new Map<string, MatrixCell[]>();
  for (const k of tasks) {
    cells.set(
      k,
      members.map((m) => ({ current: roleOf(m.assigned, k), target: roleOf(m.target, k), pending: roleOf(m.pendingRevocation, k) })),
    );
  }
  return { tasks, members, cells };
}

export interface DiffLine {
  path: string;
  before: unknown;
  after: unknown;
}

/** Shallow-by-field diff of two requests (nested values compared as JSON). */
export function diffFields(before: unknown, after: unknown): DiffLine[] {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const out: DiffLine[] = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out.push({ path: k, before: a[k], after: b[k] });
  }
  return out;
}

/** The same member's previous heartbeat request before step `index` (including run-step exchanges). */
export function previousHeartbeat(steps: readonly UiStep[], index: number, member: string): { step: number; request: unknown } | null {
  for (let i = index - 1; i >= 0; i--) {
    const s = steps[i]!;
    for (let j = s.exchanges.length - 1; j >= 0; j--) if (s.exchanges[j]!.member === member && s.exchanges[j]!.api === undefined) return { step: i, request: s.exchanges[j]!.request };
    if (s.member === member && s.api === 'StreamsGroupHeartbeat' && s.request) return { step: i, request: s.request };
  }
  return null;
}

export function short(v: unknown, max = 80): string {
  const s = JSON.stringify(v);
  if (s === undefined) return 'undefined';
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** A simulated time for people: "250 ms", "12.5 s", "10 min 0 s", "2 h 5 min". */
export function fmtMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1))} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ${Math.floor((ms % 60_000) / 1000)} s`;
  return `${Math.floor(ms / 3_600_000)} h ${Math.floor((ms % 3_600_000) / 60_000)} min`;
}

/** The step whose JSON holds `line` (stepLines: each step's first line, in order), or null before the first. */
export function stepAtLine(stepLines: readonly number[], line: number): number | null {
  let lo = 0;
  let hi = stepLines.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (stepLines[mid]! <= line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
