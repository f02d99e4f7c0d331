// Replay (GroupMetadataManager.replay): applies one record to the in-memory groups. The live coordinator
// and a coordinator loading the log both mutate state only through here, so replay equals live state.
import type { CoordinatorRecord } from '../log/records.ts';
import { NEVER_ASSIGNED, newShippedGroup, StreamsGroup } from './group.ts';
import { applyCurrentAssignmentValue, applyMemberMetadataValue, targetFromValue, topologyFromValue } from './records.ts';
import type { CoordinatorEdition } from './editionHooks.ts';
import { IllegalStateError, type Groups } from './groups.ts';
import { replayOffsetCommit } from '../offsets/replay.ts';
import { storedConfigsCapacity } from './assignmentConfigs.ts';
import type { Int64Json } from '../util/int64.ts';
import type { StreamsGroupMember } from '../model/member.ts';

export { IllegalStateError, type Groups };

function getOrCreate(groups: Groups, groupId: string): StreamsGroup {
  let g = groups.get(groupId);
  if (!g) groups.set(groupId, (g = newShippedGroup(groupId)));
  return g;
}

function existing(groups: Groups, groupId: string, what: string): StreamsGroup {
  const g = groups.get(groupId);
  if (!g) throw new IllegalStateError(`${what} for unknown group ${groupId}`);
  return g;
}

/** StreamsGroupTargetAssignmentMember: set the member's target, or remove it on a tombstone (both editions). */
export function replayTargetAssignmentMember(g: StreamsGroup, memberId: string, v: Record<string, unknown> | null): void {
  if (v) {
    g.setTarget(memberId, targetFromValue(v));
  } else g.setTarget(memberId, null);
}

/**
 * A classic GroupMetadata tombstone removes the simple classic group. Kafka keeps committed offsets apart from the
 * group object, so offsets still present (the group is becoming a streams group) stay: on an empty group of the
 * edition that the following records fill.
 */
function replayClassicGroupTombstone(groups: Groups, r: CoordinatorRecord, edition: CoordinatorEdition): void {
  const groupId = r.key.group as string;
  const g = groups.get(groupId);
  if (!g || !g.classic) return;
  if (r.value !== null) throw new IllegalStateError(`Classic group metadata for ${groupId}: classic groups are not simulated beyond simple ones.`);
  groups.delete(groupId);
  if (g.offsets.size === 0) return;
  const next = edition.newGroup(groupId);
  next.writableOffsets().copyFrom(g.writableOffsets());
  groups.set(groupId, next);
}

/** GroupMetadataManager.replay: the records every edition shares, then the edition's streams group records. */
export function replay(groups: Groups, r: CoordinatorRecord, edition: CoordinatorEdition): void {
  // the streams group records: same record names, the edition's values and rules (kip1071-draft §8.5)
  if (!replaySharedRecord(groups, r, edition)) edition.replayGroupRecord(groups, r);
}

/** Replays r if every edition shares it (committed offsets, a classic group's end): whether it did. */
export function replaySharedRecord(groups: Groups, r: CoordinatorRecord, edition: CoordinatorEdition): boolean {
  // committed offsets: the same record in every edition (OffsetMetadataManager.replay)
  if (r.type === 'OffsetCommit') replayOffsetCommit(groups, r);
  else if (r.type === 'GroupMetadata') replayClassicGroupTombstone(groups, r, edition);
  else return false;
  return true;
}

/**
 * How replay writes members and targets into a group: here decoding each record's tasks at once (live writes, and
 * every replay but the shipped load), or keeping them as their records' lists while a coordinator loads its log
 * (loadLog.ts).
 */
export interface MemberWrites {
  /** A member with the tasks of the member it replaces (a metadata record), or a new member. */
  putMember(g: StreamsGroup, m: StreamsGroupMember): void;
  removeMember(g: StreamsGroup, memberId: string): void;
  /** A current-assignment record's value applied to the group's member m. */
  putAssignment(g: StreamsGroup, m: StreamsGroupMember, v: Record<string, unknown>): void;
  /** StreamsGroupTargetAssignmentMember: a value, or null for a tombstone. */
  setTarget(g: StreamsGroup, memberId: string, v: Record<string, unknown> | null): void;
}

export const DECODED_WRITES: MemberWrites = {
  putMember: (g, m) => g.putMember(m),
  removeMember: (g, memberId) => g.removeMember(memberId),
  putAssignment: (g, m, v) => g.putMember(applyCurrentAssignmentValue(m, v)),
  setTarget: replayTargetAssignmentMember,
};

/** What a current-assignment tombstone leaves: epochs to -1, tasks cleared (the member stays until its metadata tombstone). */
export const CLEARED_ASSIGNMENT: Readonly<Record<string, unknown>> = Object.freeze({
  memberEpoch: -1,
  previousMemberEpoch: -1,
  state: 1,
  activeTasks: [],
  standbyTasks: [],
  warmupTasks: [],
  activeTasksPendingRevocation: [],
  standbyTasksPendingRevocation: [],
  warmupTasksPendingRevocation: [],
});

/** The shipped (Kafka 4.x) replay of the streams group records: the base an edition reuses or replaces. */
export function replayShippedGroupRecord(groups: Groups, r: CoordinatorRecord, writes: MemberWrites = DECODED_WRITES): void {
  const groupId = r.key.groupId as string;
  const v = r.value as Record<string, unknown> | null;
  switch (r.type) {
    case 'StreamsGroupMetadata': {
      if (v) {
        const g = getOrCreate(groups, groupId);
        g.groupEpoch = v.epoch as number;
        g.metadataHash = (v.metadataHash as Int64Json | undefined) ?? 0;
        g.validatedTopologyEpoch = (v.validatedTopologyEpoch as number | undefined) ?? -1;
        g.lastAssignmentConfigs = (v.lastAssignmentConfigs as { key: string; value: string }[] | null) ?? null;
        g.lastAssignmentConfigsCapacity = storedConfigsCapacity(g.lastAssignmentConfigsCapacity, g.lastAssignmentConfigs);
        if (typeof v.topologyId === 'string' || v.topologyId === null) g.topologyId = (v.topologyId as string | null) ?? null;
      } else {
        // group tombstone: only once every member and the target metadata are gone
        const g = groups.get(groupId);
        if (!g) return;
        if (g.members.size > 0 || g.assignmentEpoch !== -1)
          throw new IllegalStateError(`Received a tombstone record to delete group ${groupId} but the group still has ${g.members.size} members or a target assignment.`);
        groups.delete(groupId);
      }
      return;
    }
    case 'StreamsGroupMemberMetadata': {
      const memberId = r.key.memberId as string;
      if (v) {
        const g = getOrCreate(groups, groupId);
        writes.putMember(g, applyMemberMetadataValue(g.members.get(memberId), memberId, v));
      } else {
        const g = existing(groups, groupId, 'member metadata tombstone');
        const m = g.members.get(memberId);
        if (!m) return;
        // member metadata tombstone: its current-assignment and target tombstones come first
        if (m.memberEpoch !== -1 || g.targetAssignment.has(memberId))
          throw new IllegalStateError(`Received a tombstone record to delete member ${memberId} with invalid leave epoch ${m.memberEpoch}.`);
        writes.removeMember(g, memberId);
      }
      return;
    }
    case 'StreamsGroupTargetAssignmentMetadata': {
      const g = v ? getOrCreate(groups, groupId) : existing(groups, groupId, 'target assignment metadata tombstone');
      if (v) {
        g.assignmentEpoch = v.assignmentEpoch as number;
        const timestamp = (v.assignmentTimestamp as number | undefined) ?? 0;
        // Kafka's 0 means "never assigned" (written when the last member leaves, so the group has no members by now);
        // 0 with members is an assignment the playground made at its clock's 0, a real instant (NEVER_ASSIGNED)
        g.assignmentTimestamp = timestamp === 0 && g.members.size === 0 ? NEVER_ASSIGNED : timestamp;
      } else {
        if (g.targetAssignment.size > 0)
          throw new IllegalStateError(`Received a tombstone record to delete target assignment of ${groupId} but the assignment still has ${g.targetAssignment.size} members.`);
        g.assignmentEpoch = -1;
        g.assignmentTimestamp = NEVER_ASSIGNED;
      }
      return;
    }
    case 'StreamsGroupTargetAssignmentMember': {
      const memberId = r.key.memberId as string;
      const g = v ? getOrCreate(groups, groupId) : existing(groups, groupId, 'target assignment tombstone');
      writes.setTarget(g, memberId, v);
      return;
    }
    case 'StreamsGroupCurrentMemberAssignment': {
      const memberId = r.key.memberId as string;
      const g = existing(groups, groupId, 'current assignment');
      const m = g.members.get(memberId);
      if (!m) throw new IllegalStateError(`Received a current assignment record for unknown member ${memberId}.`);
      // a tombstone: epochs to -1, tasks cleared; the member stays until its metadata tombstone
      writes.putAssignment(g, m, v ?? CLEARED_ASSIGNMENT);
      return;
    }
    case 'StreamsGroupTopology': {
      if (v) {
        const g = getOrCreate(groups, groupId);
        g.topology = topologyFromValue(v);
        if (typeof v.topologyId === 'string') g.topologyId = v.topologyId;
      } else {
        const g = groups.get(groupId);
        if (g) g.topology = null;
      }
      return;
    }
    case 'StreamsGroupPartitionMetadata':
      // pre-4.1 development record; the shipped coordinator ignores it
      getOrCreate(groups, groupId);
      return;
  }
}
