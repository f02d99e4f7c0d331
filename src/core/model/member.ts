// A streams group member as the coordinator holds it (StreamsGroupMember).
import type { Endpoint, KeyValue } from '../protocol/messages.ts';
import { EMPTY_EPOCHS, EMPTY_TUPLE, EMPTY_TUPLE_WITH_EPOCHS, equalTuples, equalTuplesWithEpochs, type TaskEpochs, type TaskSet, type TasksTuple, type TasksTupleWithEpochs } from './tasks.ts';

/** MemberState, persisted as int8 in StreamsGroupCurrentMemberAssignmentValue.State. */
export type MemberState = 'STABLE' | 'UNREVOKED_TASKS' | 'UNRELEASED_TASKS' | 'UNKNOWN';
export const MEMBER_STATE_VALUES: Record<MemberState, number> = { STABLE: 1, UNREVOKED_TASKS: 2, UNRELEASED_TASKS: 3, UNKNOWN: 127 };

export function memberStateFromValue(v: number): MemberState {
  // an unrecognised persisted value reads as UNKNOWN (downgrade)
  switch (v) {
    case 1:
      return 'STABLE';
    case 2:
      return 'UNREVOKED_TASKS';
    case 3:
      return 'UNRELEASED_TASKS';
    default:
      return 'UNKNOWN';
  }
}

export interface StreamsGroupMember {
  readonly memberId: string;
  readonly memberEpoch: number;
  readonly previousMemberEpoch: number;
  readonly state: MemberState;
  readonly instanceId: string | null;
  readonly rackId: string | null;
  readonly rebalanceTimeoutMs: number;
  readonly clientId: string;
  readonly clientHost: string;
  readonly topologyEpoch: number;
  /** kip1071-draft only: the member's TopologyId (null = never sent); absent for ak4 members. */
  readonly topologyId?: string | null;
  readonly processId: string;
  readonly userEndpoint: Endpoint | null;
  /** Sorted by key. */
  readonly clientTags: readonly KeyValue[];
  /** Assigned tasks; active ones carry the epoch at which they were granted ([4.4]). */
  readonly assignedTasks: TasksTupleWithEpochs;
  readonly tasksPendingRevocation: TasksTuple;
  /** [4.4] The epochs the active tasks pending revocation had while assigned (written with them, as Kafka does). */
  readonly revocationEpochs: TaskEpochs;
}

/** A member as created on join before any update is applied (ak4 defaults). */
export function newMember(memberId: string): StreamsGroupMember {
  return {
    memberId,
    memberEpoch: 0,
    previousMemberEpoch: 0,
    state: 'STABLE',
    instanceId: null,
    rackId: null,
    rebalanceTimeoutMs: -1,
    clientId: '',
    clientHost: '',
    topologyEpoch: -1,
    processId: '',
    userEndpoint: null,
    clientTags: [],
    assignedTasks: EMPTY_TUPLE_WITH_EPOCHS,
    tasksPendingRevocation: EMPTY_TUPLE,
    revocationEpochs: EMPTY_EPOCHS,
  };
}

/**
 * [4.4] pendingRevocation = current − target keeps the task epochs: each active task pending revocation takes the
 * epoch it had while assigned, or while already pending; `fallback` where neither knows it.
 */
export function revocationEpochsOf(pending: TaskSet, from: StreamsGroupMember, fallback: number): TaskEpochs {
  if (pending.size === 0) return EMPTY_EPOCHS;
  if (pending === from.tasksPendingRevocation.active) return from.revocationEpochs;
  const out = new Map<string, Map<number, number>>();
  for (const [s, ps] of pending) {
    const assigned = from.assignedTasks.active.get(s);
    const revoking = from.revocationEpochs.get(s);
    const inner = new Map<number, number>();
    for (const p of ps) inner.set(p, assigned?.get(p) ?? revoking?.get(p) ?? fallback);
    out.set(s, inner);
  }
  return out;
}

/**
 * The member with a new assignment part (epochs, state, tasks) and the same metadata: field by field in
 * newMember's order, so that every shipped member has one object shape (draft members keep their topology id).
 */
export function withAssignment(
  m: StreamsGroupMember,
  memberEpoch: number,
  previousMemberEpoch: number,
  state: MemberState,
  assignedTasks: TasksTupleWithEpochs,
  tasksPendingRevocation: TasksTuple,
  revocationEpochs: TaskEpochs = revocationEpochsOf(tasksPendingRevocation.active, m, m.memberEpoch),
): StreamsGroupMember {
  if (m.topologyId !== undefined) return { ...m, memberEpoch, previousMemberEpoch, state, assignedTasks, tasksPendingRevocation, revocationEpochs };
  return {
    memberId: m.memberId,
    memberEpoch,
    previousMemberEpoch,
    state,
    instanceId: m.instanceId,
    rackId: m.rackId,
    rebalanceTimeoutMs: m.rebalanceTimeoutMs,
    clientId: m.clientId,
    clientHost: m.clientHost,
    topologyEpoch: m.topologyEpoch,
    processId: m.processId,
    userEndpoint: m.userEndpoint,
    clientTags: m.clientTags,
    assignedTasks,
    tasksPendingRevocation,
    revocationEpochs,
  };
}

/** isReconciledTo: STABLE at exactly this epoch. */
export function isReconciledTo(m: StreamsGroupMember, epoch: number): boolean {
  return m.state === 'STABLE' && m.memberEpoch === epoch;
}

function sameEndpoint(a: Endpoint | null, b: Endpoint | null): boolean {
  return a === b || (a !== null && b !== null && a.host === b.host && a.port === b.port);
}

function sameTags(a: readonly KeyValue[], b: readonly KeyValue[]): boolean {
  return a.length === b.length && a.every((t, i) => t.key === b[i]!.key && t.value === b[i]!.value);
}

/** Equality of the metadata part (what StreamsGroupMemberMetadata persists). */
export function sameMetadata(a: StreamsGroupMember, b: StreamsGroupMember): boolean {
  return (
    a.instanceId === b.instanceId &&
    a.rackId === b.rackId &&
    a.rebalanceTimeoutMs === b.rebalanceTimeoutMs &&
    a.clientId === b.clientId &&
    a.clientHost === b.clientHost &&
    a.topologyEpoch === b.topologyEpoch &&
    (a.topologyId ?? null) === (b.topologyId ?? null) &&
    a.processId === b.processId &&
    sameEndpoint(a.userEndpoint, b.userEndpoint) &&
    sameTags(a.clientTags, b.clientTags)
  );
}

/** Equality of the assignment part (what StreamsGroupCurrentMemberAssignment persists). */
export function sameAssignment(a: StreamsGroupMember, b: StreamsGroupMember): boolean {
  return (
    a.memberEpoch === b.memberEpoch &&
    a.previousMemberEpoch === b.previousMemberEpoch &&
    a.state === b.state &&
    equalTuplesWithEpochs(a.assignedTasks, b.assignedTasks) &&
    equalTuples(a.tasksPendingRevocation, b.tasksPendingRevocation)
  );
}
