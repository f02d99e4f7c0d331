// Keyed timers on the injected clock (the coordinator runtime's timer). In memory only: lost on failover.

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
      return `session-timeout-${t.groupId}-${t.memberId}`;
    case 'rebalance-timeout':
      return `rebalance-timeout-${t.groupId}-${t.memberId}`;
    case 'initial-rebalance':
      return `initial-rebalance-timeout-${t.groupId}`;
    case 'retention-check':
      return 'offsets-retention-check';
    case 'topology-initialization-timeout':
      return `topology-initialization-timeout-${t.groupId}-${t.topologyId}`;
  }
}

export class Timers {
  private readonly byKey: Map<string, ScheduledTimer>;
  private seq = 0;
  /** `all()`'s answer until the next change (timers are read far more often than changed). */
  private sorted: readonly ScheduledTimer[] | null = null;

  /** Empty, or (`clone`) with the timers of `from`. */
  constructor(from?: ReadonlyMap<string, ScheduledTimer>) {
    this.byKey = new Map(from);
  }

  schedule(task: TimerTask, deadline: number): void {
    const key = timerKey(task);
    this.byKey.set(key, { key, deadline, task, seq: this.seq++ });
    this.sorted = null;
  }

  scheduleIfAbsent(task: TimerTask, deadline: number): void {
    if (!this.byKey.has(timerKey(task))) this.schedule(task, deadline);
  }

  cancel(key: string): void {
    if (this.byKey.delete(key)) this.sorted = null;
  }

  isScheduled(key: string): boolean {
    return this.byKey.has(key);
  }

  get(key: string): ScheduledTimer | undefined {
    return this.byKey.get(key);
  }

  /** The earliest timer due at or before `until`, or null. */
  nextDue(until: number): ScheduledTimer | null {
    let best: ScheduledTimer | null = null;
    for (const t of this.byKey.values()) {
      if (t.deadline > until) continue;
      if (!best || t.deadline < best.deadline || (t.deadline === best.deadline && t.seq < best.seq)) best = t;
    }
    return best;
  }

  nextDeadline(): number | null {
    let d: number | null = null;
    for (const t of this.byKey.values()) if (d === null || t.deadline < d) d = t.deadline;
    return d;
  }

  /** Every timer in firing order: deadline, then scheduling order. */
  all(): readonly ScheduledTimer[] {
    return (this.sorted ??= [...this.byKey.values()].sort((a, b) => a.deadline - b.deadline || a.seq - b.seq));
  }

  clear(): void {
    this.byKey.clear();
    this.sorted = null;
  }

  /** A copy (scheduled timers are immutable values). */
  clone(): Timers {
    const t = new Timers(this.byKey);
    t.seq = this.seq;
    t.sorted = this.sorted;
    return t;
  }
}
