// kip1071-draft records (kip1071-draft §8.1-§8.2). Same record names as the shipped edition; the branch tells
// them apart by key version 15-21, and several values differ. Target-assignment-member and current-assignment
// values have the shipped shape (without task epochs), so the shared helpers build them.
import type { CoordinatorRecord, RecordType } from '../../log/records.ts';
import type { StreamsGroupMember } from '../../model/member.ts';
import type { TasksTuple } from '../../model/tasks.ts';
import type { Subtopology } from '../../protocol/messages.ts';
import {
  currentAssignmentRecord,
  currentAssignmentTombstone,
  groupMetadataTombstone,
  memberMetadataTombstone,
  targetAssignmentMemberRecord,
  targetAssignmentMemberTombstone,
  targetAssignmentMetadataTombstone,
  topologyTombstone,
} from '../../coordinator/records.ts';
import type { DraftTopicMetadata } from '../../coordinator/draftGroupState.ts';

/** Key version (= record type id) of each record in the draft branch (§8.1). */
export const DRAFT_RECORD_TYPE_IDS: Record<RecordType, number> = {
  OffsetCommit: 1,
  GroupMetadata: 2,
  StreamsGroupMetadata: 15,
  StreamsGroupPartitionMetadata: 16,
  StreamsGroupMemberMetadata: 17,
  StreamsGroupTargetAssignmentMetadata: 18,
  StreamsGroupTargetAssignmentMember: 19,
  StreamsGroupCurrentMemberAssignment: 20,
  StreamsGroupTopology: 21,
};

export function draftGroupMetadataRecord(groupId: string, epoch: number): CoordinatorRecord {
  return { type: 'StreamsGroupMetadata', key: { groupId }, value: { epoch } };
}

export function draftPartitionMetadataRecord(groupId: string, topics: ReadonlyMap<string, DraftTopicMetadata>): CoordinatorRecord {
  return {
    type: 'StreamsGroupPartitionMetadata',
    key: { groupId },
    value: {
      topics: [...topics.values()].map((t) => ({
        topicId: t.topicId,
        topicName: t.topicName,
        numPartitions: t.numPartitions,
        partitionMetadata: [...t.partitionRacks].map(([partition, racks]) => ({ partition, racks: [...racks] })),
      })),
    },
  };
}

export function draftPartitionMetadataTombstone(groupId: string): CoordinatorRecord {
  return { type: 'StreamsGroupPartitionMetadata', key: { groupId }, value: null };
}

/** The simulator keeps a null ProcessId as '' in memory (the Java client always sends a UUID); it is written as null. */
export function draftMemberMetadataRecord(groupId: string, m: StreamsGroupMember): CoordinatorRecord {
  return {
    type: 'StreamsGroupMemberMetadata',
    key: { groupId, memberId: m.memberId },
    value: {
      instanceId: m.instanceId,
      rackId: m.rackId,
      clientId: m.clientId,
      clientHost: m.clientHost,
      rebalanceTimeoutMs: m.rebalanceTimeoutMs,
      topologyId: m.topologyId ?? null,
      processId: m.processId === '' ? null : m.processId,
      userEndpoint: m.userEndpoint ? { host: m.userEndpoint.host, port: m.userEndpoint.port } : null,
      clientTags: m.clientTags.map((t) => ({ key: t.key, value: t.value })),
    },
  };
}

export function draftTargetAssignmentMetadataRecord(groupId: string, assignmentEpoch: number): CoordinatorRecord {
  return { type: 'StreamsGroupTargetAssignmentMetadata', key: { groupId }, value: { assignmentEpoch } };
}

export function draftTargetAssignmentMemberRecord(groupId: string, memberId: string, t: TasksTuple): CoordinatorRecord {
  return targetAssignmentMemberRecord(groupId, memberId, t);
}

export function draftCurrentAssignmentRecord(groupId: string, m: StreamsGroupMember): CoordinatorRecord {
  return currentAssignmentRecord(groupId, m, false);
}

export function draftTopologyRecord(groupId: string, topologyId: string, topology: readonly Subtopology[]): CoordinatorRecord {
  return { type: 'StreamsGroupTopology', key: { groupId }, value: { topologyId, topology: structuredClone(topology) as Subtopology[] } };
}

/** Fence (§4.3): three tombstones of the member, then the group epoch bump. */
export function draftFenceRecords(groupId: string, memberId: string, groupEpoch: number): CoordinatorRecord[] {
  return [
    currentAssignmentTombstone(groupId, memberId),
    targetAssignmentMemberTombstone(groupId, memberId),
    memberMetadataTombstone(groupId, memberId),
    draftGroupMetadataRecord(groupId, groupEpoch + 1),
  ];
}

/**
 * Group deletion (SG createGroupTombstoneRecords, §8.3). The branch writes the Topology tombstone after the
 * GroupMetadata tombstone, which fails on replay (§8.7 ⚠); the seed design deletes the group, so by default the
 * Topology tombstone comes before the GroupMetadata tombstone.
 */
export function draftDeleteGroupRecords(groupId: string, memberIds: readonly string[], targetIds: readonly string[], branchOrder: boolean): CoordinatorRecord[] {
  const head = [
    ...memberIds.map((id) => currentAssignmentTombstone(groupId, id)),
    ...targetIds.map((id) => targetAssignmentMemberTombstone(groupId, id)),
    targetAssignmentMetadataTombstone(groupId),
    ...memberIds.map((id) => memberMetadataTombstone(groupId, id)),
    draftPartitionMetadataTombstone(groupId),
  ];
  return branchOrder ? [...head, groupMetadataTombstone(groupId), topologyTombstone(groupId)] : [...head, topologyTombstone(groupId), groupMetadataTombstone(groupId)];
}
