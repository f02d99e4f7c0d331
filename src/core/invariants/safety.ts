// Safety invariants over one coordinator state (and the state before the step, for monotonicity).
import type { StreamsGroup } from '../coordinator/group.ts';
import type { Groups } from '../coordinator/replay.ts';
import type { Violation } from './types.ts';
import { slot } from '../util/slot.ts';

/** Epochs seen at the previous step, per group. */
export interface EpochSnapshot {
  groupEpoch: number;
  assignmentEpoch: number;
  members: Map<string, number>;
}

export function snapshotEpochs(groups: Groups): Map<string, EpochSnapshot> {
  const out = new Map<string, EpochSnapshot>();
  for (const [id, g] of groups) {
    // (filled in a loop: the explorer takes a snapshot of every state it expands)
    const members = new Map<string, number>();
    g.members.forEach((m, memberId) => members.set(memberId, m.memberEpoch));
    out.set(id, { groupEpoch: g.groupEpoch, assignmentEpoch: g.assignmentEpoch, members });
  }
  return out;
}

/**
 * Values keyed by task (subtopology, partition), or by (prefix, partition): the same keys as the text
 * `${s}_${p}`, without building it (a partition number never contains '_', so the text splits back uniquely).
 * Reset is O(1): an entry counts only when stamped with the current generation.
 */
class TaskMap<V> {
  private readonly bySub = new Map<string, { stamp: number[]; value: V[]; other: Map<number, V> | null }>();
  private generation = 1;

  get(s: string, p: number): V | undefined {
    const e = this.bySub.get(s);
    if (e === undefined) return undefined;
    if (p >= 0 && p < DENSE_LIMIT) return e.stamp[p] === this.generation ? e.value[p] : undefined;
    return e.other?.get(p);
  }

  set(s: string, p: number, v: V): void {
    let e = this.bySub.get(s);
    if (e === undefined) this.bySub.set(s, (e = { stamp: [], value: [], other: null }));
    if (p >= 0 && p < DENSE_LIMIT) {
      // fill holes so the arrays stay packed
      for (let i = e.stamp.length; i < p; i++) {
        e.stamp.push(0);
        e.value.push(v);
      }
      e.stamp[p] = this.generation;
      e.value[p] = v;
    } else (e.other ??= new Map()).set(p, v);
  }

  /** Empties the map for reuse, keeping its arrays (few keys recur: the same subtopologies every step). */
  reset(): void {
    this.generation++;
    if (this.bySub.size > 64) this.bySub.clear();
    else for (const e of this.bySub.values()) e.other?.clear();
  }
}

/** Partitions below this are kept in arrays; others (only in malformed assignments) in a map. */
const DENSE_LIMIT = 1 << 16;

const ROLES = ['active', 'standby', 'warmup'] as const;

/** Scratch maps, reused by every check (a check runs after every explored transition). */
const activeOwner = new TaskMap<string>();
const pendingOwner = new TaskMap<string>();
const targetOwner = new TaskMap<string>();
/** Per process id, keyed by task: the holder's index (member × 3 + role). */
const processRoles = new Map<string, TaskMap<number>>();

function rolesOf(pid: string): TaskMap<number> {
  let m = processRoles.get(pid);
  if (m === undefined) processRoles.set(pid, (m = new TaskMap()));
  return m;
}

/** no-double-active: one owner per active task, counting tasks still being revoked. */
function claim(s: string, p: number, memberId: string, out: Violation[]): Violation[] {
  const other = activeOwner.get(s, p);
  activeOwner.set(s, p, memberId);
  if (other !== undefined && other !== memberId) return withViolation(out, { invariant: 'no-double-active', message: `Task ${s}_${p} is active on ${other} and ${memberId} at once.` });
  return out;
}

/** A member's violations: most members have none, and share one empty list. */
const NO_VIOLATIONS: readonly Violation[] = Object.freeze([]);

function withViolation(out: Violation[], v: Violation): Violation[] {
  if (out === NO_VIOLATIONS) return [v];
  out.push(v);
  return out;
}

function numberOfTasks(g: StreamsGroup, s: string): number | undefined {
  let n: number | undefined;
  for (const sub of g.configuredTopology?.subtopologies ?? []) if (sub.subtopologyId === s) n = sub.numberOfTasks;
  return n;
}

/** The violations that depend only on the group's collections and configured topology: per member, then the target's. */
interface Structural {
  readonly configured: StreamsGroup['configuredTopology'];
  /** Whether the target was computed for the current group epoch (only then must it fit the topology). */
  readonly targetCurrent: boolean;
  readonly perMember: readonly (readonly Violation[])[];
  readonly target: readonly Violation[];
}

/** Per collections version (shared by clones until either writes): an unchanged group is not re-examined. */
const structuralOf = slot<Structural>();

function structural(g: StreamsGroup): Structural {
  const version = g.collectionsVersion;
  const cached = structuralOf.get(version);
  const targetCurrent = g.assignmentEpoch >= g.groupEpoch;
  if (cached !== undefined && cached.configured === g.configuredTopology && cached.targetCurrent === targetCurrent) return cached;
  activeOwner.reset();
  pendingOwner.reset();
  targetOwner.reset();
  if (processRoles.size > 64) processRoles.clear();
  else for (const m of processRoles.values()) m.reset();
  for (const m of g.members.values()) {
    for (const [s, ps] of m.tasksPendingRevocation.active) for (const p of ps) pendingOwner.set(s, p, m.memberId);
  }
  const perMember: Violation[][] = [];
  for (const m of g.members.values()) {
    let out = NO_VIOLATIONS as Violation[];
    const assigned = m.assignedTasks.active;
    // no-double-active: assigned tasks first, then the ones still pending revocation
    for (const [s, ps] of assigned) for (const p of ps.keys()) out = claim(s, p, m.memberId, out);
    for (const [s, ps] of m.tasksPendingRevocation.active) for (const p of ps) if (!assigned.get(s)?.has(p)) out = claim(s, p, m.memberId, out);
    for (const [s, ps] of assigned) {
      for (const p of ps.keys()) {
        const holder = pendingOwner.get(s, p);
        // no-assign-while-pending: a task is granted only after its previous owner released it
        if (holder !== undefined && holder !== m.memberId)
          out = withViolation(out, { invariant: 'no-assign-while-pending', message: `${m.memberId} is assigned ${s}_${p} while ${holder} still has it pending revocation.` });
      }
    }
    perMember.push(out);
  }
  // legal-target-assignment: one active owner per task, only tasks that exist, one role per process
  const target: Violation[] = [];
  // only a target computed for the current group epoch must fit the topology: while a new one is held back
  // (assignment interval, initial delay) Kafka keeps the last target as computed, even after partitions
  // decreased (GroupMetadataManager returns group.targetAssignment(member) unchanged; CurrentAssignmentBuilder
  // does not filter by topology), until the next computation
  const checkSizes = g.configuredTopology?.problem === null && targetCurrent;
  const holders: string[] = [];
  for (const [id, t] of g.targetAssignment) {
    const pid = g.members.get(id)?.processId ?? `?${id}`;
    const roles = rolesOf(pid);
    const member = holders.length;
    holders.push(id);
    for (let r = 0; r < 3; r++) {
      const role = ROLES[r]!;
      const holder = member * 3 + r;
      for (const [s, ps] of t[role]) {
        const n = checkSizes ? numberOfTasks(g, s) : undefined;
        for (const p of ps) {
          if (r === 0) {
            const other = targetOwner.get(s, p);
            if (other !== undefined) target.push({ invariant: 'legal-target-assignment', message: `The target gives ${s}_${p} as active to both ${other} and ${id}.` });
            targetOwner.set(s, p, id);
          }
          if (checkSizes && (n === undefined || p < 0 || p >= n))
            target.push({ invariant: 'legal-target-assignment', message: `The target gives ${id} task ${s}_${p}, which the topology does not have.` });
          const seen = roles.get(s, p);
          if (seen !== undefined && seen !== holder) {
            target.push({
              invariant: 'legal-target-assignment',
              message: `Process ${pid} gets ${s}_${p} twice in the target (${holders[Math.floor(seen / 3)]}/${ROLES[seen % 3]} and ${id}/${role}).`,
            });
          }
          roles.set(s, p, holder);
        }
      }
    }
  }
  return structuralOf.set(version, { configured: g.configuredTopology, targetCurrent, perMember, target });
}

function checkGroup(g: StreamsGroup, before: EpochSnapshot | undefined, out: Violation[]): void {
  const found = structural(g);
  let i = 0;
  for (const m of g.members.values()) {
    for (const v of found.perMember[i++]!) out.push({ ...v });
    // valid-member-epochs: reconciled epochs never run ahead of the target or the group
    if (m.memberEpoch !== -2 && (m.memberEpoch > g.groupEpoch || (g.assignmentEpoch >= 0 && m.memberEpoch > Math.max(g.assignmentEpoch, 1)))) {
      out.push({ invariant: 'valid-member-epochs', message: `${m.memberId} is at epoch ${m.memberEpoch}, above the assignment epoch ${g.assignmentEpoch} or the group epoch ${g.groupEpoch}.` });
    }
  }
  for (const v of found.target) out.push({ ...v });
  // stable-at-group-epoch: Stable means every member is Stable at the group epoch
  if (g.state() === 'STABLE') {
    for (const m of g.members.values()) {
      if (m.state !== 'STABLE' || m.memberEpoch !== g.groupEpoch)
        out.push({ invariant: 'stable-at-group-epoch', message: `The group is Stable but ${m.memberId} is ${m.state} at epoch ${m.memberEpoch} (group epoch ${g.groupEpoch}).` });
    }
  }
  // epochs-monotonic: nothing goes backwards while the group (and the member) exists
  if (before) {
    if (g.groupEpoch < before.groupEpoch) out.push({ invariant: 'epochs-monotonic', message: `The group epoch went back from ${before.groupEpoch} to ${g.groupEpoch}.` });
    if (g.assignmentEpoch < before.assignmentEpoch) out.push({ invariant: 'epochs-monotonic', message: `The assignment epoch went back from ${before.assignmentEpoch} to ${g.assignmentEpoch}.` });
    for (const m of g.members.values()) {
      const prev = before.members.get(m.memberId);
      if (prev !== undefined && prev !== -2 && m.memberEpoch !== -2 && m.memberEpoch < prev)
        out.push({ invariant: 'epochs-monotonic', message: `${m.memberId}'s epoch went back from ${prev} to ${m.memberEpoch}.` });
    }
  }
}

export function checkSafety(groups: Groups, before: Map<string, EpochSnapshot>): Violation[] {
  const out: Violation[] = [];
  for (const [id, g] of groups) checkGroup(g, before.get(id), out);
  return out;
}
