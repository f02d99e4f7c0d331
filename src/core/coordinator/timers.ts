// Keyed timers on the injected clock (the coordinator runtime's timer). In memory only: lost on failover.
import { copyMap } from '../util/maps.ts';

export type TimerTask =
  | { kind: 'session-timeout'; groupId: string; memberId: string }
  | { kind: 'rebalance-timeout'; groupId: string; memberId: string; memberEpoch: number }
  | { kind: 'initial-rebalance'; groupId: string }
  /** kip1071-draft §4.10: fences the member asked to initialize the topology (a null topology id keys as "null"). */
  | { kind: 'topology-initialization-timeout'; groupId: string; topologyId: string | null; memberId: string }
  | { kind: 'retention-check' };

export interface ScheduledTimer {
  readonly key: string;
  readonly deadline: number;
  readonly task: TimerTask;
  /** insertion sequence: ties on deadline fire in scheduling order */
  readonly seq: number;
}

export function timerKey(t: TimerTask): string {
  switch (t.kind) {
    case 'session-timeout':
      return memberKey(SESSION_KEYS, 'session-timeout', t.groupId, t.memberId);
    case 'rebalance-timeout':
      return memberKey(REBALANCE_KEYS, 'rebalance-timeout', t.groupId, t.memberId);
    case 'initial-rebalance':
      return groupKey(INITIAL_KEYS, 'initial-rebalance-timeout', t.groupId);
    case 'retention-check':
      return 'offsets-retention-check';
    case 'topology-initialization-timeout':
      return `topology-initialization-timeout-${t.groupId}-${t.topologyId}`;
  }
}

// Keys are made once per group and member: a key string made again would be hashed again at every lookup.
const SESSION_KEYS = new Map<string, Map<string, string>>();
const REBALANCE_KEYS = new Map<string, Map<string, string>>();
const INITIAL_KEYS = new Map<string, string>();
/** Bounds the keys kept per kind (a long run with many members starts over). */
const MAX_KEYS = 10_000;
let keptKeys = 0;

function memberKey(keys: Map<string, Map<string, string>>, prefix: string, groupId: string, memberId: string): string {
  let byMember = keys.get(groupId);
  if (byMember === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(groupId, (byMember = new Map()));
  }
  let key = byMember.get(memberId);
  if (key === undefined) {
    if (++keptKeys > MAX_KEYS) {
      keptKeys = 0;
      byMember.clear();
    }
    byMember.set(memberId, (key = `${prefix}-${groupId}-${memberId}`));
  }
  return key;
}

function groupKey(keys: Map<string, string>, prefix: string, groupId: string): string {
  let key = keys.get(groupId);
  if (key === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(groupId, (key = `${prefix}-${groupId}`));
  }
  return key;
}

/** The map's values in insertion order (forEach: no iterator results). */
function valuesOf(m: ReadonlyMap<string, ScheduledTimer>): ScheduledTimer[] {
  const out: ScheduledTimer[] = [];
  m.forEach(pushValue, out);
  return out;
}

function pushValue(this: ScheduledTimer[], t: ScheduledTimer): void {
  this.push(t);
}

/** Sorted in place by `before` (a handful of timers: an insertion sort, as Array.prototype.sort copies first). */
function inFiringOrder(ts: ScheduledTimer[]): ScheduledTimer[] {
  if (ts.length > 16) return ts.sort(firingOrder);
  for (let i = 1; i < ts.length; i++) {
    const t = ts[i]!;
    let j = i - 1;
    while (j >= 0 && before(t, ts[j]!)) {
      ts[j + 1] = ts[j]!;
      j--;
    }
    ts[j + 1] = t;
  }
  return ts;
}

/** Firing order as a comparator (see `before`). */
function firingOrder(a: ScheduledTimer, b: ScheduledTimer): number {
  return before(a, b) ? -1 : before(b, a) ? 1 : 0;
}

/** Firing order: deadline, then scheduling order. */
function before(a: ScheduledTimer, b: ScheduledTimer): boolean {
  return a.deadline < b.deadline || (a.deadline === b.deadline && a.seq < b.seq);
}

export class Timers {
  /** Shared with clones until either side writes it (copy-on-write, see `writableTimers`). */
  private byKey: Map<string, ScheduledTimer>;
  private shared = false;
  private seq = 0;
  /** `all()`'s answer until the next change (timers are read far more often than changed). */
  private sorted: readonly ScheduledTimer[] | null = null;
  /**
   * A binary min-heap in firing order, for nextDue and nextDeadline in O(log n). Entries a later schedule or a
   * cancel replaced stay in it until they reach the top (an entry counts only while byKey holds it); built on
   * first use, so a clone copies nothing until it asks.
   */
  private heap: ScheduledTimer[] | null = null;

  /** Empty, or (`clone`) with the timers of `from`, shared until either side writes them. */
  constructor(from?: Timers) {
    if (from) {
      this.byKey = from.byKey;
      this.shared = from.shared = true;
    } else this.byKey = new Map();
  }

  /** The timer map, for writing: copied first while a clone (or its original) shares it. */
  private writableTimers(): Map<string, ScheduledTimer> {
    if (this.shared) {
      this.byKey = copyMap(this.byKey);
      this.shared = false;
    }
    return this.byKey;
  }

  schedule(task: TimerTask, deadline: number): void {
    const key = timerKey(task);
    const t: ScheduledTimer = { key, deadline, task, seq: this.seq++ };
    this.writableTimers().set(key, t);
    this.sorted = null;
    if (this.heap) {
      // replaced entries wait in the heap: rebuild it when they outnumber the live ones
      if (this.heap.length > 2 * this.byKey.size + 64) this.heap = null;
      else this.push(t);
    }
  }

  scheduleIfAbsent(task: TimerTask, deadline: number): void {
    if (!this.byKey.has(timerKey(task))) this.schedule(task, deadline);
  }

  cancel(key: string): void {
    if (this.byKey.has(key) && this.writableTimers().delete(key)) this.sorted = null;
  }

  isScheduled(key: string): boolean {
    return this.byKey.has(key);
  }

  get(key: string): ScheduledTimer | undefined {
    return this.byKey.get(key);
  }

  /** The earliest timer due at or before `until`, or null. */
  nextDue(until: number): ScheduledTimer | null {
    const t = this.first();
    return t !== null && t.deadline <= until ? t : null;
  }

  nextDeadline(): number | null {
    return this.first()?.deadline ?? null;
  }

  /** The earliest deadline of a timer other than `key` (a scan: for rare callers). */
  earliestDeadlineExcept(key: string): number | null {
    let d: number | null = null;
    for (const t of this.byKey.values()) if (t.key !== key && (d === null || t.deadline < d)) d = t.deadline;
    return d;
  }

  /** The heap's top after dropping replaced entries. */
  private first(): ScheduledTimer | null {
    const h = (this.heap ??= this.heapify());
    while (h.length > 0) {
      const top = h[0]!;
      if (this.byKey.get(top.key) === top) return top;
      this.pop();
    }
    return null;
  }

  private heapify(): ScheduledTimer[] {
    this.heap = [];
    for (const t of this.byKey.values()) this.push(t);
    return this.heap;
  }

  private push(t: ScheduledTimer): void {
    const h = this.heap!;
    let i = h.length;
    h.push(t);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(t, h[parent]!)) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = t;
  }

  private pop(): void {
    const h = this.heap!;
    const last = h.pop()!;
    if (h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const c = r < h.length && before(h[r]!, h[l]!) ? r : l;
      if (!before(h[c]!, last)) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
  }

  /** Every timer in firing order: deadline, then scheduling order. */
  all(): readonly ScheduledTimer[] {
    return (this.sorted ??= inFiringOrder(valuesOf(this.byKey)));
  }

  clear(): void {
    this.byKey = new Map();
    this.shared = false;
    this.sorted = null;
    this.heap = null;
  }

  /** A copy (scheduled timers are immutable values): nothing is copied until either side writes. */
  clone(): Timers {
    const t = new Timers(this);
    t.seq = this.seq;
    t.sorted = this.sorted;
    return t;
  }
}
