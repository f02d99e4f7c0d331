// Task sets: subtopologyId -> partitions. Immutable by convention; helpers never mutate their inputs.

import { slot } from '../util/slot.ts';

export type TaskSet = ReadonlyMap<string, ReadonlySet<number>>;
/** Active tasks with the epoch at which each was granted ([4.4] TasksTupleWithEpochs). */
export type TaskEpochs = ReadonlyMap<string, ReadonlyMap<number, number>>;

export type Role = 'active' | 'standby' | 'warmup';
export const ROLES: readonly Role[] = ['active', 'standby', 'warmup'];

export interface TasksTuple {
  readonly active: TaskSet;
  readonly standby: TaskSet;
  readonly warmup: TaskSet;
}

export interface TasksTupleWithEpochs {
  readonly active: TaskEpochs;
  readonly standby: TaskSet;
  readonly warmup: TaskSet;
}

export const EMPTY_SET: TaskSet = new Map();
export const EMPTY_EPOCHS: TaskEpochs = new Map();
export const EMPTY_TUPLE: TasksTuple = { active: EMPTY_SET, standby: EMPTY_SET, warmup: EMPTY_SET };
export const EMPTY_TUPLE_WITH_EPOCHS: TasksTupleWithEpochs = { active: EMPTY_EPOCHS, standby: EMPTY_SET, warmup: EMPTY_SET };

/** Builds a task set from a plain object, e.g. `{ "0": [0, 1] }`. Empty partition lists are kept (record fidelity). */
export function taskSet(obj: Readonly<Record<string, readonly number[]>>): TaskSet {
  const m = new Map<string, Set<number>>();
  for (const [s, ps] of Object.entries(obj)) m.set(s, new Set(ps));
  return m;
}

/** Drops entries with no partitions (the coordinator never builds such entries itself). */
function compact(m: Map<string, Set<number>>): TaskSet {
  for (const [s, ps] of m) if (ps.size === 0) m.delete(s);
  return m;
}

export function isEmpty(a: TaskSet): boolean {
  for (const ps of a.values()) if (ps.size > 0) return false;
  return true;
}

export function size(a: TaskSet): number {
  let n = 0;
  for (const ps of a.values()) n += ps.size;
  return n;
}

export function has(a: TaskSet, s: string, p: number): boolean {
  return a.get(s)?.has(p) ?? false;
}

export function union(a: TaskSet, b: TaskSet): TaskSet {
  if (isEmpty(b)) return a;
  if (isEmpty(a)) return b;
  const m = new Map<string, Set<number>>();
  for (const [s, ps] of a) m.set(s, new Set(ps));
  for (const [s, ps] of b) {
    const cur = m.get(s);
    if (cur) for (const p of ps) cur.add(p);
    else m.set(s, new Set(ps));
  }
  return compact(m);
}

export function difference(a: TaskSet, b: TaskSet): TaskSet {
  const m = new Map<string, Set<number>>();
  for (const [s, ps] of a) {
    const other = b.get(s);
    const out = new Set<number>();
    for (const p of ps) if (!other || !other.has(p)) out.add(p);
    if (out.size > 0) m.set(s, out);
  }
  return m;
}

export function intersection(a: TaskSet, b: TaskSet): TaskSet {
  const m = new Map<string, Set<number>>();
  for (const [s, ps] of a) {
    const other = b.get(s);
    if (!other) continue;
    const out = new Set<number>();
    for (const p of ps) if (other.has(p)) out.add(p);
    if (out.size > 0) m.set(s, out);
  }
  return m;
}

export function containsAny(a: TaskSet, b: TaskSet): boolean {
  for (const [s, ps] of b) {
    const other = a.get(s);
    if (!other) continue;
    for (const p of ps) if (other.has(p)) return true;
  }
  return false;
}

/** Map equality as Java's: `{}` differs from `{s: []}`. */
export function equalSets(a: TaskSet, b: TaskSet): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  // (two empty sets: most roles of most members; an iterator over nothing still costs an allocation)
  if (a.size === 0) return true;
  for (const [s, ps] of a) {
    const other = b.get(s);
    if (!other || other.size !== ps.size) return false;
    for (const p of ps) if (!other.has(p)) return false;
  }
  return true;
}

export function equalEpochs(a: TaskEpochs, b: TaskEpochs): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  if (a.size === 0) return true;
  for (const [s, ps] of a) {
    const other = b.get(s);
    if (!other || other.size !== ps.size) return false;
    for (const [p, e] of ps) if (other.get(p) !== e) return false;
  }
  return true;
}

export function equalTuples(a: TasksTuple, b: TasksTuple): boolean {
  return equalSets(a.active, b.active) && equalSets(a.standby, b.standby) && equalSets(a.warmup, b.warmup);
}

export function equalTuplesWithEpochs(a: TasksTupleWithEpochs, b: TasksTupleWithEpochs): boolean {
  return equalEpochs(a.active, b.active) && equalSets(a.standby, b.standby) && equalSets(a.warmup, b.warmup);
}

export function tupleIsEmpty(t: TasksTuple): boolean {
  return isEmpty(t.active) && isEmpty(t.standby) && isEmpty(t.warmup);
}

/** Role-wise intersection test (TasksTuple.containsAny). */
export function tupleContainsAny(a: TasksTuple, b: TasksTuple): boolean {
  return containsAny(a.active, b.active) || containsAny(a.standby, b.standby) || containsAny(a.warmup, b.warmup);
}

export function epochsKeys(e: TaskEpochs): TaskSet {
  const m = new Map<string, Set<number>>();
  for (const [s, ps] of e) m.set(s, new Set(ps.keys()));
  return m;
}

/** The tuple without the active tasks' epochs (remembered per tuple: task values are immutable). */
export function withoutEpochs(t: TasksTupleWithEpochs): TasksTuple {
  return withoutEpochsOf.get(t) ?? withoutEpochsOf.set(t, { active: epochsKeys(t.active), standby: t.standby, warmup: t.warmup });
}

const withoutEpochsOf = slot<TasksTuple>();

/** Gives every task of `a` the epoch `epoch`. */
export function withEpoch(a: TaskSet, epoch: number): TaskEpochs {
  const m = new Map<string, Map<number, number>>();
  for (const [s, ps] of a) {
    const inner = new Map<number, number>();
    for (const p of ps) inner.set(p, epoch);
    m.set(s, inner);
  }
  return m;
}

/** Sorted plain form: subtopologies by id, partitions ascending. Used for JSON output and records. */
export function toObject(a: TaskSet): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const s of sortedIds(a)) out[s] = sortedPartitions(a.get(s)!.keys());
  return out;
}

/** The keys (of both maps) in ascending order; keys inserted in order (the usual case) are not sorted again. */
export function sortedIds(a: ReadonlyMap<string, unknown>, b?: ReadonlyMap<string, unknown>): string[] {
  const out = [...a.keys()];
  if (b) for (const k of b.keys()) if (!a.has(k)) out.push(k);
  for (let i = 1; i < out.length; i++) if (out[i - 1]! > out[i]!) return out.sort();
  return out;
}

/** Partitions in ascending order; partitions inserted in order (the usual case) are not sorted again. */
export function sortedPartitions(ps: Iterable<number>): number[] {
  const out = [...ps];
  for (let i = 1; i < out.length; i++) if (out[i - 1]! > out[i]!) return out.sort((x, y) => x - y);
  return out;
}

/** Kafka's TaskIds list form: `[{ subtopologyId, partitions }]`, sorted. */
export interface TaskIds {
  subtopologyId: string;
  partitions: number[];
}

/** Kafka's list form of a set, sorted (for records, traces and the wire). */
export function toTaskIds(a: TaskSet): TaskIds[] {
  const out: TaskIds[] = [];
  for (const s of sortedIds(a)) out.push({ subtopologyId: s, partitions: sortedPartitions(a.get(s)!) });
  return out;
}

/**
 * The list form for a message read back at once (a heartbeat's owned tasks, a response's assignment): when the set
 * is in canonical order, fromTaskIds of this very list gives back the set itself instead of rebuilding it. One list
 * per set (remembered: sets are immutable), shared by every message that carries the set: never written.
 */
export function messageTaskIds(a: TaskSet): TaskIds[] {
  if (a.size === 0) return [];
  let out = messageLists.get(a);
  if (out === undefined) {
    out = toTaskIds(a);
    if (inCanonicalOrder(a)) listSource.set(out, a);
    messageLists.set(a, out);
  }
  return out;
}

const messageLists = slot<TaskIds[]>();

/** Whether a set (or active tasks with epochs) iterates in the list form's order: subtopologies, then partitions ascending. */
export function inCanonicalOrder(a: TaskSet | TaskEpochs): boolean {
  if (a.size === 0) return true;
  // remembered per set (sets are immutable)
  return canonical.get(a) ?? canonical.set(a, scanCanonicalOrder(a));
}

const canonical = slot<boolean>();

function scanCanonicalOrder(a: TaskSet | TaskEpochs): boolean {
  let prev: string | null = null;
  for (const [s, ps] of a) {
    if (prev !== null && prev >= s) return false;
    prev = s;
    let last = -Infinity;
    for (const p of ps.keys()) {
      if (p <= last) return false;
      last = p;
    }
  }
  return true;
}

/** inCanonicalOrder for each role of a tuple. */
export function tupleInCanonicalOrder(t: TasksTuple | TasksTupleWithEpochs): boolean {
  return inCanonicalOrder(t.active) && inCanonicalOrder(t.standby) && inCanonicalOrder(t.warmup);
}

/** The immutable set a message's TaskIds list was made from (see messageTaskIds); lists from elsewhere carry none. */
const listSource = slot<TaskSet>();

export function fromTaskIds(list: readonly TaskIds[]): TaskSet {
  if (list.length === 0) return EMPTY_SET;
  const source = listSource.get(list);
  if (source !== undefined) return source;
  const m = new Map<string, Set<number>>();
  for (const t of list) {
    const cur = m.get(t.subtopologyId);
    if (cur) for (const p of t.partitions) cur.add(p);
    else m.set(t.subtopologyId, new Set(t.partitions));
  }
  return m;
}

/** Human form for narration: `0_1, 0_2, 1_0`. */
export function describeTasks(a: TaskSet): string {
  const parts: string[] = [];
  for (const s of [...a.keys()].sort()) for (const p of [...(a.get(s) ?? [])].sort((x, y) => x - y)) parts.push(`${s}_${p}`);
  return parts.length ? parts.join(', ') : 'nothing';
}
