// Pure reconciliation of one streams group member toward its target assignment (CurrentAssignmentBuilder).
// Spec: ak4-shipped.md §3.3 (transition table) and §4.7 (compute, predicates, in-place role changes, [4.2]);
// kip1071-draft.md §3.4 and §4.8 (the draft's rules); kafka-20870.md §2.3 and §3 option A (per-role reports).
import { apiError } from '../protocol/errors.ts';
import type { MemberState, StreamsGroupMember } from '../model/member.ts';
import { sameAssignment, withAssignment } from '../model/member.ts';
import type { CurrentAssignmentInput, OwnedReport, ProcessLookups } from './input.ts';
import { ASKED_ACTIVE, ASKED_STANDBY, ASKED_WARMUP, LookupLog, recall, remember, type ReconciledAssignment } from './remembered.ts';
import {
  EMPTY_SET,
  EMPTY_TUPLE,
  containsAny,
  fromTaskIds,
  has,
  intersection,
  isEmpty,
  size,
  sortedIds,
  sortedPartitions,
  tupleContainsAny,
  tupleIsEmpty,
  type Role,
  type TaskEpochs,
  type TaskIds,
  type TaskSet,
  type TasksTuple,
  type TasksTupleWithEpochs,
} from '../model/tasks.ts';

export type { CurrentAssignmentInput, OwnedReport, ProcessLookups, ReconcileFlavour, ReportRule } from './input.ts';

/** Kafka's exact message for the UNKNOWN-state fence (FencedMemberEpochException in CurrentAssignmentBuilder.build). */
export const UNKNOWN_STATE_FENCE_MESSAGE = 'The streams group member is in a unknown state. The member must abandon all its tasks and rejoin.';

/** A report with all three roles absent (the Java client's heartbeat when its assignment did not change). */
export const ABSENT_REPORT: OwnedReport = { active: null, standby: null, warmup: null };

/** Converts the three nullable request lists; each null list stays absent (no all-or-nothing folding here). */
export function ownedReportFromRequest(active: readonly TaskIds[] | null, standby: readonly TaskIds[] | null, warmup: readonly TaskIds[] | null): OwnedReport {
  return {
    active: active === null ? null : fromTaskIds(active),
    standby: standby === null ? null : fromTaskIds(standby),
    warmup: warmup === null ? null : fromTaskIds(warmup),
  };
}

/** TasksTuple.fromHeartbeatRequest precondition: the report counts only if all three lists are non-null. */
export function isReportComplete(r: OwnedReport): boolean {
  return r.active !== null && r.standby !== null && r.warmup !== null;
}

/**
 * Reconciles `member` one step toward `target` at `targetEpoch` (CurrentAssignmentBuilder.build).
 * Returns the very same object when the result equals the member (no record needed).
 * The caller is expected to skip this for a member already reconciled to the target epoch (maybeReconcile step 1);
 * if it does not, the STABLE-at-target row below returns the member unchanged anyway.
 */
export function buildCurrentAssignment(input: CurrentAssignmentInput): StreamsGroupMember {
  const scope = input.rememberIn;
  const known = scope !== undefined ? recall(input, scope, rebuilt) : undefined;
  if (known !== undefined) return known;
  const asked = new LookupLog();
  const built = build(input, asked);
  const next = built === input.member || sameAssignment(built, input.member) ? input.member : built;
  if (scope !== undefined) remember(input, scope, asked, next);
  return next;
}

/** A remembered reconciliation's assignment on this member's metadata. */
function rebuilt(m: StreamsGroupMember, a: ReconciledAssignment): StreamsGroupMember {
  return withAssignment(m, a.memberEpoch, a.previousMemberEpoch, a.state, a.assignedTasks, a.tasksPendingRevocation, a.revocationEpochs);
}

/** `asked` records each question put to the group's indexes (see remembered.ts). */
function build(input: CurrentAssignmentInput, asked: LookupLog): StreamsGroupMember {
  const { member, targetEpoch, report } = input;
  switch (member.state) {
    case 'STABLE':
      // §3.3 STABLE: a new target epoch is reconciled with compute(memberEpoch); at the target epoch nothing happens
      if (member.memberEpoch !== targetEpoch) return computeNextAssignment(input, member.memberEpoch, asked);
      return member;

    case 'UNREVOKED_TASKS': {
      if (input.reportRule === 'per-role') {
        // option A: stillPending[r] = reported(r) ? pending[r] ∩ owned[r] : pending[r]
        const stillPending = stillPendingPerRole(member.tasksPendingRevocation, report);
        // option A: all roles released -> today's completion compute(memberEpoch + 1)
        if (tupleIsEmpty(stillPending)) return computeNextAssignment(input, member.memberEpoch + 1, asked);
        // option A: partial progress shrinks the pending revocation, same state, epoch and assigned tasks
        if (tupleSize(stillPending) !== tupleSize(member.tasksPendingRevocation)) {
          return withAssignment(member, member.memberEpoch, member.previousMemberEpoch, member.state, member.assignedTasks, normalizeTuple(stillPending));
        }
        return member;
      }
      // §3.3 UNREVOKED_TASKS: wait while the release of the pending revocations is not proven
      if (unrevokedStillHeld(input, member.tasksPendingRevocation)) return member;
      // §3.3 UNREVOKED_TASKS: all released -> move on with compute(memberEpoch + 1)
      return computeNextAssignment(input, member.memberEpoch + 1, asked);
    }

    case 'UNRELEASED_TASKS':
      // §3.3 UNRELEASED_TASKS: always recompute with compute(memberEpoch)
      return computeNextAssignment(input, member.memberEpoch, asked);

    case 'UNKNOWN':
      // §3.3 UNKNOWN: fence unless the member reports all three roles present and empty
      if (!isReportComplete(report) || !reportIsEmpty(report)) {
        throw apiError('FENCED_MEMBER_EPOCH', UNKNOWN_STATE_FENCE_MESSAGE);
      }
      // §3.3 UNKNOWN with an empty report: compute(targetEpoch)
      return computeNextAssignment(input, targetEpoch, asked);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Owned-report predicates

/** TasksTuple.fromHeartbeatRequest: only called once isReportComplete holds. */
function completeReport(r: OwnedReport): TasksTuple {
  return { active: r.active ?? new Map(), standby: r.standby ?? new Map(), warmup: r.warmup ?? new Map() };
}

function reportIsEmpty(r: OwnedReport): boolean {
  return (r.active === null || isEmpty(r.active)) && (r.standby === null || isEmpty(r.standby)) && (r.warmup === null || isEmpty(r.warmup));
}

function roleOf<T>(t: { active: T; standby: T; warmup: T }, role: Role): T {
  return role === 'active' ? t.active : role === 'standby' ? t.standby : t.warmup;
}

const ROLE_LIST: readonly Role[] = ['active', 'standby', 'warmup'];

function tupleSize(t: TasksTuple): number {
  return size(t.active) + size(t.standby) + size(t.warmup);
}

/** option A: per reported role keep only the pending tasks still owned; an unreported role keeps all its pending tasks. */
function stillPendingPerRole(pending: TasksTuple, report: OwnedReport): TasksTuple {
  return {
    active: report.active === null ? pending.active : intersection(pending.active, report.active),
    standby: report.standby === null ? pending.standby : intersection(pending.standby, report.standby),
    warmup: report.warmup === null ? pending.warmup : intersection(pending.warmup, report.warmup),
  };
}

/**
 * draft ownsRevoked: role-wise overlap; a null owned list counts as owning — under the branch's rule even against an
 * empty pending set, under the seed's ("null if unchanged") only when the role has something pending.
 */
function draftOwnsRevoked(pending: TaskSet, owned: TaskSet | null, omittedMeansUnchanged: boolean): boolean {
  if (owned === null) return omittedMeansUnchanged ? !isEmpty(pending) : true;
  return containsAny(owned, pending);
}

/**
 * hasNotReleased: absent report counts as still owning; a complete report counts only if it intersects (role-wise).
 * Used in UNREVOKED_TASKS (no emptiness check on the pending set, as in Kafka).
 */
function unrevokedStillHeld(input: CurrentAssignmentInput, pending: TasksTuple): boolean {
  const { report } = input;
  if (input.flavour === 'draft') {
    // draft UNREVOKED_TASKS: unchanged if any role's ownsRevoked holds (a null list always does)
    return ROLE_LIST.some((r) => draftOwnsRevoked(roleOf(pending, r), roleOf(report, r), input.omittedListMeansUnchanged === true));
  }
  // hasNotReleased: absent (or partial, folded to absent) report counts as still owning
  if (!isReportComplete(report)) return true;
  // hasNotReleased: TasksTuple.containsAny is role-wise
  return tupleContainsAny(completeReport(report), pending);
}

/**
 * The revocations the member must still acknowledge before it may advance, or null when there is nothing to wait
 * for (buildNewMember's `hasTasksToBeRevoked`). Under `per-role` the returned set is the reduced stillPending.
 */
function revocationToWaitFor(input: CurrentAssignmentInput, pending: TasksTuple): TasksTuple | null {
  // buildNewMember: nothing pending -> nothing to revoke
  if (tupleIsEmpty(pending)) return null;
  const { report } = input;
  if (input.reportRule === 'per-role') {
    // option A (buildNewMember): UNREVOKED only for the still-owned part; all released -> skip UNREVOKED
    const still = stillPendingPerRole(pending, report);
    return tupleIsEmpty(still) ? null : still;
  }
  if (input.flavour === 'draft') {
    // draft mustRevoke: some role with a non-empty revoke set whose owned list is null or contains one of them
    const must = ROLE_LIST.some((r) => !isEmpty(roleOf(pending, r)) && draftOwnsRevoked(roleOf(pending, r), roleOf(report, r), input.omittedListMeansUnchanged === true));
    return must ? pending : null;
  }
  // hasNotReleased: absent report counts as still owning; a complete report must intersect role-wise
  const held = !isReportComplete(report) || tupleContainsAny(completeReport(report), pending);
  return held ? pending : null;
}

// ---------------------------------------------------------------------------------------------------------------
// compute(epochArg)
//
// The intermediate sets below are unordered; every set that reaches the new member is rebuilt sorted
// (normalizeSet, mergeSets, mergeEpochs, withEpochFor), so iteration order never shows in the result.

type MutableSet = Map<string, Set<number>>;
type MutableEpochs = Map<string, Map<number, number>>;
/** A task set, or active tasks with epochs read by their keys. */
type Keyed = ReadonlyMap<string, ReadonlySet<number> | ReadonlyMap<number, number>>;

interface RoleDiff {
  kept: MutableSet;
  pendingRevocation: MutableSet;
  pendingAssignment: MutableSet;
  hasUnreleased: boolean;
}

function addTo(m: MutableSet, s: string, p: number): void {
  const cur = m.get(s);
  if (cur) cur.add(p);
  else m.set(s, new Set([p]));
}

function removeFrom(m: MutableSet, s: string, p: number): void {
  const cur = m.get(s);
  if (cur && cur.delete(p) && cur.size === 0) m.delete(s);
}

const NO_PARTITIONS: ReadonlySet<number> = new Set();

/** compute(): kept = current ∩ target; pendingRevocation = current − target; pendingAssignment = target − current − unreleased. */
function diffRole(current: Keyed, target: TaskSet, is: Unreleased, role: Role): RoleDiff {
  const kept: MutableSet = new Map();
  const pendingRevocation: MutableSet = new Map();
  const pendingAssignment: MutableSet = new Map();
  let hasUnreleased = false;
  for (const [s, cur] of current) {
    const tgt = target.get(s) ?? NO_PARTITIONS;
    for (const p of cur.keys()) {
      if (tgt.has(p)) addTo(kept, s, p);
      else addTo(pendingRevocation, s, p);
    }
  }
  for (const [s, tgt] of target) {
    const cur = current.get(s);
    for (const p of tgt) {
      if (cur !== undefined && cur.has(p)) continue;
      // compute(): a target task still held elsewhere (per the role's unreleased predicate) is not assigned yet
      if (is.unreleased(role, s, p)) hasUnreleased = true;
      else addTo(pendingAssignment, s, p);
    }
  }
  return { kept, pendingRevocation, pendingAssignment, hasUnreleased };
}

/** The unreleased-task predicates of compute(), for member M of process P against the group's holders before this heartbeat. */
class Unreleased {
  private readonly pid: string;
  private readonly shipped: boolean;

  constructor(
    input: CurrentAssignmentInput,
    private readonly lookups: ProcessLookups,
    private readonly current: { active: Keyed; standby: TaskSet; warmup: TaskSet },
    private readonly asked: LookupLog,
  ) {
    this.pid = input.member.processId;
    this.shipped = input.flavour === '4.4';
  }

  unreleased(role: Role, s: string, p: number): boolean {
    if (!this.shipped) {
      // [4.2]/draft: the member itself counts as a holder (no in-place role changes)
      // [4.2]/draft active unreleased: any process holds it as active, or P (M included) holds it as standby or warm-up
      if (role === 'active') return this.activeHolder(s, p) !== undefined || this.inStandby(s, p) || this.inWarmup(s, p);
      // [4.2]/draft standby and warm-up unreleased: P (M included) holds it in any role
      return this.activeHolder(s, p) === this.pid || this.inStandby(s, p) || this.inWarmup(s, p);
    }
    switch (role) {
      case 'active':
        // isUnreleasedActiveTask: some process holds it as active, or another member of P holds it as standby/warm-up
        return this.activeHolder(s, p) !== undefined || this.standbyByAnother(s, p) || this.warmupByAnother(s, p);
      case 'standby':
        // isUnreleasedStandbyTask: another member of P runs it as active, or P holds it as standby, or another member of P as warm-up
        return this.activeByAnother(s, p) || this.inStandby(s, p) || this.warmupByAnother(s, p);
      case 'warmup':
        // isUnreleasedWarmupTask: P runs it as active (M included), or another member of P holds it as standby, or P holds it as warm-up
        return this.activeHolder(s, p) === this.pid || this.standbyByAnother(s, p) || this.inWarmup(s, p);
    }
  }

  // each question to the group's indexes is recorded with its answer (remembered.ts)

  private activeHolder(s: string, p: number): string | undefined {
    const pid = this.lookups.activeTaskProcessId(s, p);
    this.asked.note(ASKED_ACTIVE, s, p, pid);
    return pid;
  }

  private inStandby(s: string, p: number): boolean {
    const held = this.lookups.standbyTaskProcessIds(s, p)?.has(this.pid) ?? false;
    this.asked.note(ASKED_STANDBY, s, p, held);
    return held;
  }

  private inWarmup(s: string, p: number): boolean {
    const held = this.lookups.warmupTaskProcessIds(s, p)?.has(this.pid) ?? false;
    this.asked.note(ASKED_WARMUP, s, p, held);
    return held;
  }

  /** heldByAnotherMemberOnThisProcess (standby): P holds it as standby and M itself does not. */
  private standbyByAnother(s: string, p: number): boolean {
    return this.inStandby(s, p) && !has(this.current.standby, s, p);
  }

  /** heldByAnotherMemberOnThisProcess (warm-up): P holds it as warm-up and M itself does not. */
  private warmupByAnother(s: string, p: number): boolean {
    return this.inWarmup(s, p) && !has(this.current.warmup, s, p);
  }

  /** runByAnotherMemberOnThisProcess: P runs it as active and M itself does not. */
  private activeByAnother(s: string, p: number): boolean {
    return this.activeHolder(s, p) === this.pid && !(this.current.active.get(s)?.has(p) ?? false);
  }
}

/** computeNextAssignment(epochArg): per-role differences, [4.4] in-place role changes, then buildNewMember. */
function computeNextAssignment(input: CurrentAssignmentInput, epochArg: number, asked: LookupLog): StreamsGroupMember {
  const { member, target, targetEpoch } = input;
  const currentEpochs = member.assignedTasks.active;
  const current = { active: currentEpochs as Keyed, standby: member.assignedTasks.standby, warmup: member.assignedTasks.warmup };
  const is = new Unreleased(input, input.lookups, current, asked);

  const active = diffRole(current.active, target.active, is, 'active');
  const standby = diffRole(current.standby, target.standby, is, 'standby');
  const warmup = diffRole(current.warmup, target.warmup, is, 'warmup');
  const hasUnreleased = active.hasUnreleased || standby.hasUnreleased || warmup.hasUnreleased;

  if (input.flavour === '4.4') {
    // demotion active→standby: M's own active task that is a pending standby assignment is granted as standby now;
    // the active task stays pending revocation (needs an ack)
    for (const [s, ps] of currentEpochs) {
      for (const p of ps.keys()) if (has(standby.pendingAssignment, s, p)) grantNow(standby, s, p);
    }
    // conversion standby→warm-up: granted now and dropped from the standby pending revocation (no ack)
    convertReplicaRole(current.standby, standby, warmup);
    // conversion warm-up→standby: granted now and dropped from the warm-up pending revocation (no ack)
    convertReplicaRole(current.warmup, warmup, standby);
    // promotion standby/warm-up→active: the replica leaves the pending revocation (no ack) ...
    dropPromoted(current.standby, target.active, standby.pendingRevocation);
    dropPromoted(current.warmup, target.active, warmup.pendingRevocation);
    const waiting = revocationToWaitFor(input, tupleOf(active.pendingRevocation, standby.pendingRevocation, warmup.pendingRevocation)) !== null;
    // ... and stays assigned until the active task is granted in a step where M has nothing else to revoke
    keepPromotedUntilGranted(current.standby, target.active, active.pendingAssignment, waiting, standby.kept);
    keepPromotedUntilGranted(current.warmup, target.active, active.pendingAssignment, waiting, warmup.kept);
  }

  // task epochs: kept active tasks keep their epoch; newly granted active tasks get the target epoch
  const keptActive: MutableEpochs = new Map();
  for (const [s, ps] of active.kept) {
    const inner = new Map<number, number>();
    const epochs = currentEpochs.get(s);
    for (const p of ps) inner.set(p, epochs?.get(p) ?? targetEpoch);
    keptActive.set(s, inner);
  }

  return buildNewMember(input, epochArg, {
    pendingRevocation: tupleOf(active.pendingRevocation, standby.pendingRevocation, warmup.pendingRevocation),
    keptActive,
    keptStandby: standby.kept,
    keptWarmup: warmup.kept,
    pendingAssignment: tupleOf(active.pendingAssignment, standby.pendingAssignment, warmup.pendingAssignment),
    hasUnreleased,
  });
}

function tupleOf(active: TaskSet, standby: TaskSet, warmup: TaskSet): TasksTuple {
  return { active, standby, warmup };
}

/** grantNow: moves a task from the role's pending assignment to its kept (assigned) tasks. */
function grantNow(d: RoleDiff, s: string, p: number): void {
  removeFrom(d.pendingAssignment, s, p);
  addTo(d.kept, s, p);
}

/** convertReplicaRole: M's replica in the outgoing role that is a pending assignment of the incoming role. */
function convertReplicaRole(outgoingCurrent: TaskSet, outgoing: RoleDiff, incoming: RoleDiff): void {
  for (const [s, ps] of outgoingCurrent) {
    for (const p of ps) {
      if (!has(incoming.pendingAssignment, s, p)) continue;
      grantNow(incoming, s, p);
      removeFrom(outgoing.pendingRevocation, s, p);
    }
  }
}

/** dropPromotedTasksFromRevocation: M's replica whose task is in the target's active set needs no revocation ack. */
function dropPromoted(replicaCurrent: TaskSet, targetActive: TaskSet, pendingRevocation: MutableSet): void {
  for (const [s, ps] of replicaCurrent) for (const p of ps) if (has(targetActive, s, p)) removeFrom(pendingRevocation, s, p);
}

/** keepPromotedTasksUntilGranted: the replica stays assigned unless its active task is granted in this very step. */
function keepPromotedUntilGranted(replicaCurrent: TaskSet, targetActive: TaskSet, activePendingAssignment: TaskSet, waitingForRevocation: boolean, replicaKept: MutableSet): void {
  for (const [s, ps] of replicaCurrent) {
    for (const p of ps) {
      const promotedThisStep = !waitingForRevocation && has(activePendingAssignment, s, p);
      if (has(targetActive, s, p) && !promotedThisStep) addTo(replicaKept, s, p);
    }
  }
}

interface Computed {
  pendingRevocation: TasksTuple;
  keptActive: MutableEpochs;
  keptStandby: TaskSet;
  keptWarmup: TaskSet;
  pendingAssignment: TasksTuple;
  hasUnreleased: boolean;
}

function withEpochFor(a: TaskSet, epoch: number): MutableEpochs {
  const m: MutableEpochs = new Map();
  for (const s of sortedIds(a)) {
    const inner = new Map<number, number>();
    for (const p of sortedPartitions(a.get(s)!)) inner.set(p, epoch);
    m.set(s, inner);
  }
  return m;
}

function mergeEpochs(a: MutableEpochs, b: MutableEpochs | null): TaskEpochs {
  const out: MutableEpochs = new Map();
  for (const s of b === null ? sortedIds(a) : sortedIds(a, b)) {
    const x = a.get(s);
    const y = b?.get(s);
    const ps = sortedPartitions(x === undefined ? y!.keys() : y === undefined ? x.keys() : [...x.keys(), ...y.keys()]);
    const inner = new Map<number, number>();
    for (const p of ps) inner.set(p, y?.get(p) ?? x!.get(p)!);
    out.set(s, inner);
  }
  return out;
}

function mergeSets(a: TaskSet, b: TaskSet): TaskSet {
  const out: MutableSet = new Map();
  for (const s of sortedIds(a, b)) {
    const x = a.get(s);
    const y = b.get(s);
    out.set(s, new Set(sortedPartitions(x === undefined ? y! : y === undefined ? x : [...x, ...y])));
  }
  return out;
}

function normalizeSet(a: TaskSet): TaskSet {
  if (a.size === 0) return EMPTY_SET;
  const out: MutableSet = new Map();
  for (const s of sortedIds(a)) {
    const ps = a.get(s)!;
    if (ps.size > 0) out.set(s, new Set(sortedPartitions(ps)));
  }
  return out;
}

function normalizeTuple(t: TasksTuple): TasksTuple {
  return { active: normalizeSet(t.active), standby: normalizeSet(t.standby), warmup: normalizeSet(t.warmup) };
}

/** updateMemberEpoch(e): previousMemberEpoch always becomes the old member epoch. */
function withState(member: StreamsGroupMember, state: MemberState, epoch: number, assignedTasks: TasksTupleWithEpochs, pending: TasksTuple): StreamsGroupMember {
  return withAssignment(member, epoch, member.memberEpoch, state, assignedTasks, pending);
}

/** buildNewMember: UNREVOKED_TASKS at epochArg if revocations are outstanding, else STABLE/UNRELEASED_TASKS at the target epoch. */
function buildNewMember(input: CurrentAssignmentInput, epochArg: number, c: Computed): StreamsGroupMember {
  const { member, targetEpoch } = input;
  const toRevoke = revocationToWaitFor(input, c.pendingRevocation);
  if (toRevoke !== null) {
    // buildNewMember: outstanding revocations -> UNREVOKED_TASKS at epochArg with assigned = kept
    return withState(member, 'UNREVOKED_TASKS', epochArg, keptTasks(c), normalizeTuple(toRevoke));
  }
  if (!tupleIsEmpty(c.pendingAssignment)) {
    // buildNewMember: tasks to assign -> target epoch, assigned = kept ∪ pendingAssignment (new actives at the target epoch)
    const assigned: TasksTupleWithEpochs = {
      active: mergeEpochs(c.keptActive, withEpochFor(c.pendingAssignment.active, targetEpoch)),
      standby: mergeSets(c.keptStandby, c.pendingAssignment.standby),
      warmup: mergeSets(c.keptWarmup, c.pendingAssignment.warmup),
    };
    return withState(member, c.hasUnreleased ? 'UNRELEASED_TASKS' : 'STABLE', targetEpoch, assigned, EMPTY_TUPLE);
  }
  // buildNewMember: nothing to revoke or assign -> UNRELEASED_TASKS if some target task is unreleased, else STABLE
  return withState(member, c.hasUnreleased ? 'UNRELEASED_TASKS' : 'STABLE', targetEpoch, keptTasks(c), EMPTY_TUPLE);
}

function keptTasks(c: Computed): TasksTupleWithEpochs {
  return { active: mergeEpochs(c.keptActive, null), standby: normalizeSet(c.keptStandby), warmup: normalizeSet(c.keptWarmup) };
}
