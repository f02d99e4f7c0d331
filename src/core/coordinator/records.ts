// Record helpers (StreamsCoordinatorRecordHelpers): build each record from the model, and read them back.
import type { CoordinatorRecord } from '../log/records.ts';
import { MEMBER_STATE_VALUES, memberStateFromValue, newMember, withAssignment, type StreamsGroupMember } from '../model/member.ts';
import {
  EMPTY_EPOCHS,
  EMPTY_SET,
  EMPTY_TUPLE,
  EMPTY_TUPLE_WITH_EPOCHS,
  fromTaskIds,
  sortedIds,
  sortedPartitions,
  toTaskIds,
  type TaskEpochs,
  type TaskIds,
  type TaskSet,
  type TasksTuple,
  type TasksTupleWithEpochs,
  tupleInCanonicalOrder,
} from '../model/tasks.ts';
import type { StreamsTopology } from '../model/topology.ts';
import type { Endpoint, KeyValue, Subtopology } from '../protocol/messages.ts';
import { subtopology } from '../protocol/normalize.ts';
import { slot } from '../util/slot.ts';
import type { Int64Json } from '../util/int64.ts';

export interface GroupMetadataFields {
  epoch: number;
  metadataHash: Int64Json;
  validatedTopologyEpoch: number;
  lastAssignmentConfigs: KeyValue[] | null;
}

export function groupMetadataRecord(groupId: string, f: GroupMetadataFields): CoordinatorRecord {
  return {
    type: 'StreamsGroupMetadata',
    key: { groupId },
    value: { epoch: f.epoch, metadataHash: f.metadataHash, validatedTopologyEpoch: f.validatedTopologyEpoch, lastAssignmentConfigs: f.lastAssignmentConfigs },
  };
}

/** [4.1] StreamsGroupMetadataValue has only Epoch and MetadataHash (ValidatedTopologyEpoch and LastAssignmentConfigs came with 4.2). */
export function groupMetadataRecordWithoutValidation(groupId: string, epoch: number, metadataHash: GroupMetadataFields['metadataHash']): CoordinatorRecord {
  return { type: 'StreamsGroupMetadata', key: { groupId }, value: { epoch, metadataHash } };
}

export function groupMetadataTombstone(groupId: string): CoordinatorRecord {
  return { type: 'StreamsGroupMetadata', key: { groupId }, value: null };
}

/** GroupCoordinatorRecordHelpers.newGroupMetadataTombstoneRecord: the end of a (simple) classic group. */
export function classicGroupTombstone(groupId: string): CoordinatorRecord {
  return { type: 'GroupMetadata', key: { group: groupId }, value: null };
}

export function memberMetadataRecord(groupId: string, m: StreamsGroupMember): CoordinatorRecord {
  return {
    type: 'StreamsGroupMemberMetadata',
    key: { groupId, memberId: m.memberId },
    value: {
      instanceId: m.instanceId,
      rackId: m.rackId,
      clientId: m.clientId,
      clientHost: m.clientHost,
      rebalanceTimeoutMs: m.rebalanceTimeoutMs,
      topologyEpoch: m.topologyEpoch,
      processId: m.processId,
      userEndpoint: m.userEndpoint ? { host: m.userEndpoint.host, port: m.userEndpoint.port } : null,
      clientTags: m.clientTags.map((t) => ({ key: t.key, value: t.value })),
    },
  };
}

export function memberMetadataTombstone(groupId: string, memberId: string): CoordinatorRecord {
  return { type: 'StreamsGroupMemberMetadata', key: { groupId, memberId }, value: null };
}

// Kafka 4.4 names it AssignmentTimestamp (a tagged field, default 0): found by sgp oracle against the real broker.
/** `timestampMs` null: [4.1]/[4.2] the value has no AssignmentTimestamp (release switch noAssignmentTimestamp). */
export function targetAssignmentMetadataRecord(groupId: string, assignmentEpoch: number, timestampMs: number | null): CoordinatorRecord {
  if (timestampMs === null) return { type: 'StreamsGroupTargetAssignmentMetadata', key: { groupId }, value: { assignmentEpoch } };
  return { type: 'StreamsGroupTargetAssignmentMetadata', key: { groupId }, value: { assignmentEpoch, assignmentTimestamp: timestampMs } };
}

export function targetAssignmentMetadataTombstone(groupId: string): CoordinatorRecord {
  return { type: 'StreamsGroupTargetAssignmentMetadata', key: { groupId }, value: null };
}

export function targetAssignmentMemberRecord(groupId: string, memberId: string, t: TasksTuple): CoordinatorRecord {
  const value = { activeTasks: recordTaskIds(t.active), standbyTasks: recordTaskIds(t.standby), warmupTasks: recordTaskIds(t.warmup) };
  // sets in canonical order read back as equal sets in the same order: replay may take the tuple itself
  if (tupleInCanonicalOrder(t)) targetSource.set(value, t);
  return { type: 'StreamsGroupTargetAssignmentMember', key: { groupId, memberId }, value };
}

export function targetAssignmentMemberTombstone(groupId: string, memberId: string): CoordinatorRecord {
  return { type: 'StreamsGroupTargetAssignmentMember', key: { groupId, memberId }, value: null };
}

/**
 * A task set's list form in record values, one list per set (remembered: sets are immutable), shared by the records
 * that carry the set: never written. (Not the message lists, which point back to their sets: a record would keep them alive.)
 */
function recordTaskIds(a: TaskSet): TaskIds[] {
  if (a.size === 0) return [];
  return recordLists.get(a) ?? recordLists.set(a, toTaskIds(a));
}

const recordLists = slot<TaskIds[]>();

/** Active tasks carry per-partition assignment epochs, parallel to `partitions` ([4.4]); one list per epochs value, as recordTaskIds. */
function activeWithEpochs(e: TaskEpochs): (TaskIds & { assignmentEpochs: number[] })[] {
  if (e.size === 0) return [];
  return epochLists.get(e) ?? epochLists.set(e, listWithEpochs(e));
}

const epochLists = slot<(TaskIds & { assignmentEpochs: number[] })[]>();

function listWithEpochs(e: TaskEpochs): (TaskIds & { assignmentEpochs: number[] })[] {
  const out: (TaskIds & { assignmentEpochs: number[] })[] = [];
  for (const s of sortedIds(e)) {
    const epochs = e.get(s)!;
    const ps = sortedPartitions(epochs.keys());
    const assignmentEpochs: number[] = [];
    for (const p of ps) assignmentEpochs.push(epochs.get(p)!);
    out.push({ subtopologyId: s, partitions: ps, assignmentEpochs });
  }
  return out;
}

/**
 * The task values a record was made from, when they were in canonical order (so that reading the record back
 * gives equal values in the same order): replay takes them instead of rebuilding them. Released once the runtime
 * has replayed the record (see releaseTaskValues); records from elsewhere carry none.
 */
const targetSource = slot<TasksTuple>();
const assignmentSource = slot<StreamsGroupMember>();

/** Whether a current-assignment value carries the member it was made from (see assignmentSource): reading it back allocates nothing. */
export function carriesTaskValues(v: Record<string, unknown>): boolean {
  return assignmentSource.get(v) !== undefined;
}

/** After replay: the record stops keeping the task values it was made from alive (the log keeps records long). */
export function releaseTaskValues(r: CoordinatorRecord): void {
  if (r.value === null) return;
  if (r.type === 'StreamsGroupCurrentMemberAssignment') assignmentSource.clear(r.value);
  else if (r.type === 'StreamsGroupTargetAssignmentMember') targetSource.clear(r.value);
}

export function currentAssignmentRecord(groupId: string, m: StreamsGroupMember, withTaskEpochs: boolean): CoordinatorRecord {
  const value = {
    memberEpoch: m.memberEpoch,
    previousMemberEpoch: m.previousMemberEpoch,
    state: MEMBER_STATE_VALUES[m.state],
    activeTasks: withTaskEpochs ? activeWithEpochs(m.assignedTasks.active) : toTaskIds(keysOf(m.assignedTasks.active)),
    standbyTasks: recordTaskIds(m.assignedTasks.standby),
    warmupTasks: recordTaskIds(m.assignedTasks.warmup),
    // [4.4] active tasks pending revocation carry their epochs too (seen on the real broker by sgp oracle)
    activeTasksPendingRevocation: withTaskEpochs ? activeWithEpochs(m.revocationEpochs) : recordTaskIds(m.tasksPendingRevocation.active),
    standbyTasksPendingRevocation: recordTaskIds(m.tasksPendingRevocation.standby),
    warmupTasksPendingRevocation: recordTaskIds(m.tasksPendingRevocation.warmup),
  };
  // with the epochs written, canonical values read back as equal values in the same order (see targetSource)
  if (withTaskEpochs && tupleInCanonicalOrder(m.assignedTasks) && tupleInCanonicalOrder(m.tasksPendingRevocation)) assignmentSource.set(value, m);
  return { type: 'StreamsGroupCurrentMemberAssignment', key: { groupId, memberId: m.memberId }, value };
}

export function currentAssignmentTombstone(groupId: string, memberId: string): CoordinatorRecord {
  return { type: 'StreamsGroupCurrentMemberAssignment', key: { groupId, memberId }, value: null };
}

export function topologyRecord(groupId: string, t: StreamsTopology): CoordinatorRecord {
  return { type: 'StreamsGroupTopology', key: { groupId }, value: { epoch: t.epoch, subtopologies: t.subtopologies.map(subtopology) } };
}

export function topologyTombstone(groupId: string): CoordinatorRecord {
  return { type: 'StreamsGroupTopology', key: { groupId }, value: null };
}

// ---- reading values back (replay) ----

function keysOf(e: TaskEpochs): TaskSet {
  const m = new Map<string, Set<number>>();
  for (const [s, ps] of e) m.set(s, new Set(ps.keys()));
  return m;
}

/** The target a StreamsGroupTargetAssignmentMember value stands for. */
export function targetFromValue(v: Record<string, unknown>): TasksTuple {
  return (
    targetSource.get(v) ?? {
      active: fromTaskIds(v.activeTasks as TaskIds[]),
      standby: fromTaskIds(v.standbyTasks as TaskIds[]),
      warmup: fromTaskIds(v.warmupTasks as TaskIds[]),
    }
  );
}

/** A missing or mismatched epoch list makes every partition take the record's member epoch. */
export function activeEpochsFromValue(list: (TaskIds & { assignmentEpochs?: number[] })[], memberEpoch: number): TaskEpochs {
  if (list.length === 0) return EMPTY_EPOCHS;
  // indexed loops, no callback: replaying a log decodes this for every current-assignment record
  const m = new Map<string, Map<number, number>>();
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    let inner = m.get(t.subtopologyId);
    if (inner === undefined) m.set(t.subtopologyId, (inner = new Map<number, number>()));
    const ps = t.partitions;
    const epochs = t.assignmentEpochs && t.assignmentEpochs.length === ps.length ? t.assignmentEpochs : null;
    if (epochs === null) for (let j = 0; j < ps.length; j++) inner.set(ps[j]!, memberEpoch);
    else for (let j = 0; j < ps.length; j++) inner.set(ps[j]!, epochs[j]!);
  }
  return m;
}

export function applyCurrentAssignmentValue(m: StreamsGroupMember, v: Record<string, unknown>): StreamsGroupMember {
  const memberEpoch = v.memberEpoch as number;
  const source = assignmentSource.get(v);
  return withAssignment(
    m,
    memberEpoch,
    v.previousMemberEpoch as number,
    memberStateFromValue(v.state as number),
    source?.assignedTasks ?? assignedFromValue(v, memberEpoch),
    source?.tasksPendingRevocation ?? pendingFromValue(v),
    source?.revocationEpochs ?? activeEpochsFromValue(v.activeTasksPendingRevocation as TaskIds[], memberEpoch),
  );
}

// Nothing assigned or nothing pending (most records) reads back as the shared empty tuple: task values are immutable.

function assignedFromValue(v: Record<string, unknown>, memberEpoch: number): TasksTupleWithEpochs {
  const active = activeEpochsFromValue(v.activeTasks as TaskIds[], memberEpoch);
  const standby = fromTaskIds(v.standbyTasks as TaskIds[]);
  const warmup = fromTaskIds(v.warmupTasks as TaskIds[]);
  return active === EMPTY_EPOCHS && standby === EMPTY_SET && warmup === EMPTY_SET ? EMPTY_TUPLE_WITH_EPOCHS : { active, standby, warmup };
}

function pendingFromValue(v: Record<string, unknown>): TasksTuple {
  const active = fromTaskIds(v.activeTasksPendingRevocation as TaskIds[]);
  const standby = fromTaskIds(v.standbyTasksPendingRevocation as TaskIds[]);
  const warmup = fromTaskIds(v.warmupTasksPendingRevocation as TaskIds[]);
  return active === EMPTY_SET && standby === EMPTY_SET && warmup === EMPTY_SET ? EMPTY_TUPLE : { active, standby, warmup };
}

export function applyMemberMetadataValue(m: StreamsGroupMember | undefined, memberId: string, v: Record<string, unknown>): StreamsGroupMember {
  const base = m ?? newMember(memberId);
  return {
    memberId: base.memberId,
    memberEpoch: base.memberEpoch,
    previousMemberEpoch: base.previousMemberEpoch,
    state: base.state,
    instanceId: (v.instanceId as string | null) ?? null,
    rackId: (v.rackId as string | null) ?? null,
    rebalanceTimeoutMs: v.rebalanceTimeoutMs as number,
    clientId: v.clientId as string,
    clientHost: v.clientHost as string,
    topologyEpoch: v.topologyEpoch as number,
    processId: v.processId as string,
    userEndpoint: (v.userEndpoint as Endpoint | null) ?? null,
    clientTags: ((v.clientTags as KeyValue[] | null) ?? []).map((t) => ({ key: t.key, value: t.value })),
    assignedTasks: base.assignedTasks,
    tasksPendingRevocation: base.tasksPendingRevocation,
    revocationEpochs: base.revocationEpochs,
  };
}

export function topologyFromValue(v: Record<string, unknown>): StreamsTopology {
  return { epoch: v.epoch as number, subtopologies: structuredClone(v.subtopologies as Subtopology[]) };
}
