// kip1071-draft replay (kip1071-draft §8.5): the draft branch of coordinator/replay.ts.
import { CLEARED_ASSIGNMENT, IllegalStateError, replayTargetAssignmentMember, type Groups } from '../../coordinator/replay.ts';
import { StreamsGroup } from '../../coordinator/group.ts';
import { applyCurrentAssignmentValue } from '../../coordinator/records.ts';
import type { CoordinatorRecord } from '../../log/records.ts';
import { newMember, type StreamsGroupMember } from '../../model/member.ts';
import type { Endpoint, KeyValue, Subtopology } from '../../protocol/messages.ts';
import { newDraftGroupState, type DraftTopicMetadata } from '../../coordinator/draftGroupState.ts';

/** A member as the draft's StreamsGroupMember.Builder creates it (§4.5.2): previous epoch -1, ids null. */
export function newDraftMember(memberId: string): StreamsGroupMember {
  return { ...newMember(memberId), previousMemberEpoch: -1, topologyId: null, processId: '' };
}

export function newDraftGroup(groupId: string): StreamsGroup {
  const g = new StreamsGroup(groupId);
  g.draft = newDraftGroupState();
  return g;
}

function getOrCreate(groups: Groups, groupId: string): StreamsGroup {
  let g = groups.get(groupId);
  if (!g) groups.set(groupId, (g = newDraftGroup(groupId)));
  return g;
}

/** "Group must exist": IllegalStateException "Streams group G not found." */
function mustExist(groups: Groups, groupId: string): StreamsGroup {
  const g = groups.get(groupId);
  if (!g) throw new IllegalStateError(`Streams group ${groupId} not found.`);
  return g;
}

function mustHaveMember(g: StreamsGroup, memberId: string): StreamsGroupMember {
  const m = g.members.get(memberId);
  if (!m) throw new IllegalStateError(`Member ${memberId} is not a member of group ${g.groupId}.`);
  return m;
}

/** SG maybeUpdateTaskProcessId: an active task can have one owner process only, even within one process (§8.5). */
function throwIfActiveTaskOwned(g: StreamsGroup, old: StreamsGroupMember, next: StreamsGroupMember): void {
  const heldBefore = (s: string, p: number) => old.assignedTasks.active.get(s)?.has(p) === true || old.tasksPendingRevocation.active.get(s)?.has(p) === true;
  const check = (s: string, p: number) => {
    const owner = g.activeTaskProcessId.get(s)?.get(p);
    if (owner !== undefined && !heldBefore(s, p)) {
      throw new IllegalStateError(`Cannot set the process ID of ${s}-${p} to ${next.processId} because the partition is still owned by process ID ${owner}`);
    }
  };
  for (const [s, ps] of next.assignedTasks.active) for (const p of ps.keys()) check(s, p);
  for (const [s, ps] of next.tasksPendingRevocation.active) for (const p of ps) check(s, p);
}

export function replayDraft(groups: Groups, r: CoordinatorRecord): void {
  const groupId = r.key.groupId as string;
  const v = r.value as Record<string, unknown> | null;
  switch (r.type) {
    case 'StreamsGroupMetadata': {
      if (v) {
        getOrCreate(groups, groupId).groupEpoch = v.epoch as number;
        return;
      }
      const g = mustExist(groups, groupId);
      if (g.members.size > 0) throw new IllegalStateError(`Group ${groupId} is in Empty state but still has ${g.members.size} members.`);
      if (g.targetAssignment.size > 0) throw new IllegalStateError(`Group ${groupId} is in Empty state but target assignment still has ${g.targetAssignment.size} members.`);
      if (g.assignmentEpoch !== -1) throw new IllegalStateError(`Group ${groupId} is in Empty state but did not receive StreamsGroupTargetAssignmentMetadataValue tombstone.`);
      groups.delete(groupId);
      return;
    }
    case 'StreamsGroupPartitionMetadata': {
      const g = mustExist(groups, groupId);
      const meta = new Map<string, DraftTopicMetadata>();
      for (const t of (v?.topics as Record<string, unknown>[] | undefined) ?? []) {
        const racks = new Map<number, string[]>();
        for (const p of (t.partitionMetadata as { partition: number; racks: string[] }[]) ?? []) racks.set(p.partition, [...p.racks]);
        meta.set(t.topicName as string, { topicId: t.topicId as string, topicName: t.topicName as string, numPartitions: t.numPartitions as number, partitionRacks: racks });
      }
      g.draft!.partitionMetadata = meta;
      return;
    }
    case 'StreamsGroupMemberMetadata': {
      const memberId = r.key.memberId as string;
      if (v) {
        const g = getOrCreate(groups, groupId);
        const base = g.members.get(memberId) ?? newDraftMember(memberId);
        g.putMember({
          ...base,
          instanceId: (v.instanceId as string | null) ?? null,
          rackId: (v.rackId as string | null) ?? null,
          clientId: v.clientId as string,
          clientHost: v.clientHost as string,
          rebalanceTimeoutMs: v.rebalanceTimeoutMs as number,
          topologyId: (v.topologyId as string | null) ?? null,
          processId: (v.processId as string | null) ?? '',
          userEndpoint: (v.userEndpoint as Endpoint | null) ?? null,
          clientTags: ((v.clientTags as KeyValue[] | null) ?? []).map((t) => ({ key: t.key, value: t.value })),
        });
        return;
      }
      const g = mustExist(groups, groupId);
      const m = mustHaveMember(g, memberId);
      if (m.memberEpoch !== -1) throw new IllegalStateError(`Received a tombstone record to delete member ${memberId} but did not receive StreamsGroupCurrentMemberAssignmentValue tombstone.`);
      if (g.targetAssignment.has(memberId))
        throw new IllegalStateError(`Received a tombstone record to delete member ${memberId} but did not receive StreamsGroupTargetAssignmentMemberValue tombstone.`);
      g.removeMember(memberId);
      return;
    }
    case 'StreamsGroupTargetAssignmentMetadata': {
      const g = mustExist(groups, groupId);
      if (v) g.assignmentEpoch = v.assignmentEpoch as number;
      else {
        if (g.targetAssignment.size > 0)
          throw new IllegalStateError(`Received a tombstone record to delete target assignment of ${groupId} but the assignment still has ${g.targetAssignment.size} members.`);
        g.assignmentEpoch = -1;
      }
      return;
    }
    case 'StreamsGroupTargetAssignmentMember': {
      const g = mustExist(groups, groupId);
      const memberId = r.key.memberId as string;
      replayTargetAssignmentMember(g, memberId, v);
      return;
    }
    case 'StreamsGroupCurrentMemberAssignment': {
      const g = mustExist(groups, groupId);
      const m = mustHaveMember(g, r.key.memberId as string);
      // the shared helper rebuilds the shipped fields only: the draft's topology id is carried over here
      if (v) {
        const next: StreamsGroupMember = { ...applyCurrentAssignmentValue(m, v), topologyId: m.topologyId ?? null };
        throwIfActiveTaskOwned(g, m, next);
        g.putMember(next);
      } else {
        // tombstone: epochs -1, every task set emptied, the member state kept
        const cleared = applyCurrentAssignmentValue(m, CLEARED_ASSIGNMENT);
        g.putMember({ ...cleared, state: m.state, topologyId: m.topologyId ?? null });
      }
      return;
    }
    case 'StreamsGroupTopology': {
      if (v) {
        const g = getOrCreate(groups, groupId);
        g.topology = { epoch: 0, subtopologies: structuredClone(v.topology as Subtopology[]) };
        g.topologyId = v.topologyId as string;
        return;
      }
      // ⚠ branch: the tombstone needs the group but does not clear the topology (§8.5)
      mustExist(groups, groupId);
      return;
    }
  }
}
