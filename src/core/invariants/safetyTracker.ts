// The safety invariants after each step of a run, at the cost of what the step changed.
//
// Per group, counts kept up to date from the members and targets written since the last step (the group reports
// them, see StreamsGroup.watchMemberWrites) tell whether any safety invariant can be violated. Only then does the
// full check (checkSafety) run, against the previous step's epochs, so the violations and their order are exactly
// the full check's. The counts are exact: each one is zero precisely when its invariant holds everywhere.
import type { StreamsGroup } from '../coordinator/group.ts';
import type { Groups } from '../coordinator/replay.ts';
import type { StreamsGroupMember } from '../model/member.ts';
import type { TasksTuple } from '../model/tasks.ts';
import { checkSafety, type EpochSnapshot } from './safety.ts';
import type { Violation } from './types.ts';

/** Per task (subtopology, partition), its holders with multiplicity, and how many tasks have two or more distinct holders. */
class TaskHolders<H> {
  private readonly bySub = new Map<string, Map<number, Map<H, number>>>();
  conflicts = 0;

  add(s: string, p: number, h: H): void {
    let inner = this.bySub.get(s);
    if (inner === undefined) this.bySub.set(s, (inner = new Map()));
    let holders = inner.get(p);
    if (holders === undefined) inner.set(p, (holders = new Map()));
    const n = holders.get(h) ?? 0;
    if (n === 0 && holders.size === 1) this.conflicts++;
    holders.set(h, n + 1);
  }

  remove(s: string, p: number, h: H): void {
    const inner = this.bySub.get(s)!;
    const holders = inner.get(p)!;
    const n = holders.get(h)!;
    if (n > 1) {
      holders.set(h, n - 1);
      return;
    }
    holders.delete(h);
    if (holders.size === 1) this.conflicts--;
    if (holders.size === 0) inner.delete(p);
    if (inner.size === 0) this.bySub.delete(s);
  }
}

/** Per subtopology, the partitions a target names (with multiplicity) and their range. */
class PartitionRanges {
  private readonly bySub = new Map<string, { counts: Map<number, number>; min: number; max: number; stale: boolean }>();

  add(s: string, p: number): void {
    let e = this.bySub.get(s);
    if (e === undefined) this.bySub.set(s, (e = { counts: new Map(), min: p, max: p, stale: false }));
    e.counts.set(p, (e.counts.get(p) ?? 0) + 1);
    if (p < e.min) e.min = p;
    if (p > e.max) e.max = p;
  }

  remove(s: string, p: number): void {
    const e = this.bySub.get(s)!;
    const n = e.counts.get(p)!;
    if (n > 1) return void e.counts.set(p, n - 1);
    e.counts.delete(p);
    if (e.counts.size === 0) this.bySub.delete(s);
    else if (p === e.min || p === e.max) e.stale = true;
  }

  /** Whether some named task is outside the topology (a subtopology it does not have, or a partition out of range). */
  outside(numberOfTasks: (s: string) => number | undefined): boolean {
    for (const [s, e] of this.bySub) {
      const n = numberOfTasks(s);
      if (n === undefined) return true;
      if (e.stale) {
        e.min = Infinity;
        e.max = -Infinity;
        for (const p of e.counts.keys()) {
          if (p < e.min) e.min = p;
          if (p > e.max) e.max = p;
        }
        e.stale = false;
      }
      if (e.min < 0 || e.max >= n) return true;
    }
    return false;
  }
}

const ROLES = ['active', 'standby', 'warmup'] as const;

/** One group as the previous step left it, and the counts over its members and targets. */
class GroupCounts {
  /** Members and targets written since the last check (the group adds to it). */
  readonly written: Set<string>;
  /** The members and targets as counted (the previous step's, until the next check). */
  readonly members = new Map<string, StreamsGroupMember>();
  private readonly targets = new Map<string, { target: TasksTuple; pid: string }>();
  groupEpoch: number;
  assignmentEpoch: number;
  /** no-double-active, no-assign-while-pending: active tasks, assigned or pending revocation, by member. */
  private readonly claims = new TaskHolders<string>();
  /** legal-target-assignment: the target's active tasks by member; per process, every role of a task by member and role. */
  private readonly targetActive = new TaskHolders<string>();
  private readonly processRoles = new TaskHolders<string>();
  private readonly targetPartitions = new PartitionRanges();
  /** valid-member-epochs: member epochs other than -2, with multiplicity. */
  private readonly epochs = new Map<number, number>();
  /** stable-at-group-epoch: Stable members per epoch. */
  private readonly stableAt = new Map<number, number>();

  constructor(readonly group: StreamsGroup) {
    this.written = group.watchMemberWrites();
    this.groupEpoch = group.groupEpoch;
    this.assignmentEpoch = group.assignmentEpoch;
    for (const id of group.members.keys()) this.written.add(id);
    for (const id of group.targetAssignment.keys()) this.written.add(id);
  }

  /**
   * Brings the counts to the group's current members and targets. Returns whether a member's epoch went back, and
   * the previous epochs of the members written (undefined: the member did not exist).
   */
  update(): { backwards: boolean; previous: Map<string, number | undefined> } {
    const g = this.group;
    let backwards = false;
    const previous = new Map<string, number | undefined>();
    for (const id of this.written) {
      const before = this.members.get(id);
      const now = g.members.get(id);
      previous.set(id, before?.memberEpoch);
      // epochs-monotonic, per member
      if (before !== undefined && now !== undefined && before.memberEpoch !== -2 && now.memberEpoch !== -2 && now.memberEpoch < before.memberEpoch) backwards = true;
      if (before !== now) {
        if (before !== undefined) this.countMember(before, -1);
        if (now !== undefined) {
          this.countMember(now, 1);
          this.members.set(id, now);
        } else this.members.delete(id);
      }
      const counted = this.targets.get(id);
      const target = g.targetAssignment.get(id);
      const pid = g.members.get(id)?.processId ?? `?${id}`;
      if (counted !== undefined && counted.target === target && counted.pid === pid) continue;
      if (counted !== undefined) this.countTarget(id, counted.target, counted.pid, -1);
      if (target !== undefined) {
        this.countTarget(id, target, pid, 1);
        this.targets.set(id, { target, pid });
      } else this.targets.delete(id);
    }
    this.written.clear();
    return { backwards, previous };
  }

  private countMember(m: StreamsGroupMember, by: 1 | -1): void {
    const id = m.memberId;
    const assigned = m.assignedTasks.active;
    for (const [s, ps] of assigned) for (const p of ps.keys()) this.claim(s, p, id, by);
    for (const [s, ps] of m.tasksPendingRevocation.active) for (const p of ps) this.claim(s, p, id, by);
    if (m.memberEpoch !== -2) bump(this.epochs, m.memberEpoch, by);
    if (m.state === 'STABLE') bump(this.stableAt, m.memberEpoch, by);
  }

  private claim(s: string, p: number, id: string, by: 1 | -1): void {
    if (by === 1) this.claims.add(s, p, id);
    else this.claims.remove(s, p, id);
  }

  private countTarget(id: string, t: TasksTuple, pid: string, by: 1 | -1): void {
    const roles = this.processRoles;
    for (let r = 0; r < 3; r++) {
      const holder = `${r}${id}`;
      for (const [s, ps] of t[ROLES[r]!]) {
        // keyed by process and subtopology (a JSON pair: unambiguous for any two strings)
        const key = JSON.stringify([pid, s]);
        for (const p of ps) {
          if (by === 1) {
            if (r === 0) this.targetActive.add(s, p, id);
            roles.add(key, p, holder);
            this.targetPartitions.add(s, p);
          } else {
            if (r === 0) this.targetActive.remove(s, p, id);
            roles.remove(key, p, holder);
            this.targetPartitions.remove(s, p);
          }
        }
      }
    }
  }

  /** Whether any safety invariant may be violated now (never false when one is). */
  mayViolate(backwards: boolean): boolean {
    const g = this.group;
    if (backwards || g.groupEpoch < this.groupEpoch || g.assignmentEpoch < this.assignmentEpoch) return true;
    if (this.claims.conflicts > 0 || this.targetActive.conflicts > 0 || this.processRoles.conflicts > 0) return true;
    // valid-member-epochs: the highest epoch against the group's bounds
    const bound = Math.min(g.groupEpoch, g.assignmentEpoch >= 0 ? Math.max(g.assignmentEpoch, 1) : Infinity);
    for (const e of this.epochs.keys()) if (e > bound) return true;
    // stable-at-group-epoch
    if (g.state() === 'STABLE' && (this.stableAt.get(g.groupEpoch) ?? 0) !== g.members.size) return true;
    // legal-target-assignment's topology check, for a target computed for the current group epoch
    const ct = g.configuredTopology;
    if (ct?.problem === null && g.assignmentEpoch >= g.groupEpoch) {
      const tasks = new Map<string, number>();
      for (const sub of ct.subtopologies ?? []) tasks.set(sub.subtopologyId, sub.numberOfTasks);
      if (this.targetPartitions.outside((s) => tasks.get(s))) return true;
    }
    return false;
  }
}

function bump(counts: Map<number, number>, key: number, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n === 0) counts.delete(key);
  else counts.set(key, n);
}

/** checkSafety after each step of one run, against the state the previous step left. */
export class SafetyTracker {
  private readonly counts = new Map<string, GroupCounts>();

  check(groups: Groups): Violation[] {
    let full = false;
    const before = new Map<string, EpochSnapshot>();
    for (const [id, g] of groups) {
      let c = this.counts.get(id);
      if (c !== undefined && c.group !== g) {
        // another group object under this id (a failover, or the group deleted and made again): checked in full
        // against the epochs the previous step left, then counted afresh
        before.set(id, { groupEpoch: c.groupEpoch, assignmentEpoch: c.assignmentEpoch, members: epochsOf(c.members, new Map()) });
        full = true;
        c = undefined;
      }
      if (c === undefined) {
        this.counts.set(id, (c = new GroupCounts(g)));
        if (!before.has(id)) full = true;
        c.update();
      } else {
        const { backwards, previous } = c.update();
        before.set(id, { groupEpoch: c.groupEpoch, assignmentEpoch: c.assignmentEpoch, members: epochsOf(c.members, previous) });
        if (!full && c.mayViolate(backwards)) full = true;
      }
    }
    for (const id of this.counts.keys()) if (!groups.has(id)) this.counts.delete(id);
    const out = full ? checkSafety(groups, before) : [];
    for (const [id, g] of groups) {
      const c = this.counts.get(id)!;
      c.groupEpoch = g.groupEpoch;
      c.assignmentEpoch = g.assignmentEpoch;
    }
    return out;
  }
}

/**
 * The previous step's member epochs: the counted members' with the written ones' previous epochs in their place.
 * Lazily: only a full check reads it.
 */
function epochsOf(members: ReadonlyMap<string, StreamsGroupMember>, previous: ReadonlyMap<string, number | undefined>): Map<string, number> {
  return new LazyEpochs(members, previous);
}

/** The `members` map of an EpochSnapshot, built on first read (most steps never read it). */
class LazyEpochs extends Map<string, number> {
  private built = false;

  constructor(
    private readonly source: ReadonlyMap<string, StreamsGroupMember>,
    private readonly previous: ReadonlyMap<string, number | undefined>,
  ) {
    super();
  }

  override get(key: string): number | undefined {
    if (!this.built) this.build();
    return super.get(key);
  }

  private build(): void {
    this.built = true;
    for (const [id, m] of this.source) if (!this.previous.has(id)) super.set(id, m.memberEpoch);
    for (const [id, e] of this.previous) if (e !== undefined) super.set(id, e);
  }
}
