// Leave (epoch -1 or -2) and fencing (streamsGroupLeave, streamsGroupFenceMember).
import { apiError } from '../protocol/errors.ts';
import { emptyHeartbeatResponse, type StreamsGroupHeartbeatRequest, type StreamsGroupHeartbeatResponse } from '../protocol/messages.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import { EMPTY_EPOCHS, EMPTY_TUPLE, type TaskEpochs } from '../model/tasks.ts';
import type { StreamsGroupMember } from '../model/member.ts';
import type { Effect, OpContext, OpResult } from './context.ts';
import type { StreamsGroup } from './group.ts';
import {
  currentAssignmentRecord,
  currentAssignmentTombstone,
  groupMetadataRecord,
  groupMetadataRecordWithoutValidation,
  memberMetadataTombstone,
  targetAssignmentMemberTombstone,
  targetAssignmentMetadataRecord,
} from './records.ts';
import { timerKey } from './timers.ts';
import { releaseContrast } from '../releases/narrate.ts';
import { storedConfigsInTableOrder, storedConfigsSorted } from './assignmentConfigs.ts';

export function streamsGroupLeave(ctx: OpContext, req: StreamsGroupHeartbeatRequest): OpResult<StreamsGroupHeartbeatResponse> {
  const { groupId, memberId, instanceId } = req;
  const group = ctx.groups.get(groupId);
  if (!group) throw apiError('GROUP_ID_NOT_FOUND', `Group ${groupId} not found.`);
  if (group.classic) throw apiError('GROUP_ID_NOT_FOUND', `Group ${groupId} is not a streams group.`);
  const effects: Effect[] = [];
  // GroupMetadataManager.streamsGroupLeave calls StreamsGroup.setShutdownRequestMemberId before it looks the member up:
  // a plain in-memory field, so the request stays when the leave then fails (UNKNOWN_MEMBER_ID, FENCED_INSTANCE_ID,
  // even for a member id the group does not know), and the replay of the last member's removal clears it again
  // (maybeUpdateGroupState: an empty group forgets it). So it is written on the group here, not as an effect applied on success.
  if (req.shutdownApplication) group.shutdownRequester ??= memberId;
  const resp = emptyHeartbeatResponse();
  resp.memberId = memberId;
  resp.memberEpoch = req.memberEpoch;
  resp.status = [];

  if (instanceId === null) {
    const m = group.members.get(memberId);
    if (!m) throw apiError('UNKNOWN_MEMBER_ID', `Member ${memberId} is not a member of group ${groupId}.`);
    // dynamic leave: the epoch is not validated
    const f = fenceMember(ctx, group, m);
    return { response: resp, records: f.records, effects: [...effects, ...f.effects], narration: [`Member ${memberId} leaves the group.`, ...f.narration] };
  }
  const holderId = group.staticMemberId(instanceId);
  if (holderId === undefined) throw apiError('UNKNOWN_MEMBER_ID', `Instance id ${instanceId} is unknown.`);
  if (holderId !== memberId) throw apiError('FENCED_INSTANCE_ID', `Static member ${memberId} with instance id ${instanceId} was fenced by member ${holderId}.`);
  const m = group.members.get(memberId)!;
  if (req.memberEpoch === -2) {
    // static temporary leave: epoch -2 (previous epoch kept), tasks kept, nothing pending, task epochs reset; no rebalance
    const left: StreamsGroupMember = {
      ...m,
      memberEpoch: -2,
      tasksPendingRevocation: EMPTY_TUPLE,
      revocationEpochs: EMPTY_EPOCHS,
      assignedTasks: { ...m.assignedTasks, active: resetEpochs(m.assignedTasks.active) },
    };
    return {
      response: resp,
      records: [currentAssignmentRecord(groupId, left, ctx.release.switches.taskAssignmentEpochs)],
      effects,
      narration: [`Static member ${instanceId} (${memberId}) leaves temporarily (epoch -2): it keeps its tasks, and nobody else gets them, until it returns or its session times out.`],
    };
  }
  const f = fenceMember(ctx, group, m);
  return { response: resp, records: f.records, effects: [...effects, ...f.effects], narration: [`Static member ${instanceId} (${memberId}) leaves the group.`, ...f.narration] };
}

function resetEpochs(e: TaskEpochs): TaskEpochs {
  const m = new Map<string, Map<number, number>>();
  for (const [s, ps] of e) m.set(s, new Map([...ps.keys()].map((p) => [p, 0])));
  return m;
}

/** streamsGroupFenceMember: three tombstones, then the group epoch is bumped; the target is not recomputed here. */
export function fenceMember(ctx: OpContext, group: StreamsGroup, m: StreamsGroupMember): { records: CoordinatorRecord[]; effects: Effect[]; narration: string[] } {
  const groupId = group.groupId;
  const epoch = group.groupEpoch + 1;
  const sw = ctx.release.switches;
  // [4.1] the record has no ValidatedTopologyEpoch or LastAssignmentConfigs, and MetadataHash 0 (fenceWritesZeroMetadataHash)
  const metadataHash = sw.fenceWritesZeroMetadataHash ? 0 : group.metadataHash;
  // the stored configs go back sorted by key ([4.2] in the group's table order: lastAssignmentConfigsInTableOrder)
  const lastAssignmentConfigs = sw.lastAssignmentConfigsInTableOrder
    ? storedConfigsInTableOrder(group.lastAssignmentConfigs, group.lastAssignmentConfigsCapacity)
    : storedConfigsSorted(group.lastAssignmentConfigs);
  const records: CoordinatorRecord[] = [
    currentAssignmentTombstone(groupId, m.memberId),
    targetAssignmentMemberTombstone(groupId, m.memberId),
    memberMetadataTombstone(groupId, m.memberId),
    sw.noValidatedEpochOrAssignmentConfigs
      ? groupMetadataRecordWithoutValidation(groupId, epoch, metadataHash)
      : groupMetadataRecord(groupId, { epoch, metadataHash, validatedTopologyEpoch: group.validatedTopologyEpoch, lastAssignmentConfigs }),
  ];
  // [4.4] the last member leaving also moves the target epoch, so the empty group is not ASSIGNING ([4.1]/[4.2] not: lastLeaveKeepsTargetEpoch)
  if (!sw.lastLeaveKeepsTargetEpoch && group.members.size === 1 && group.members.has(m.memberId)) records.push(targetAssignmentMetadataRecord(groupId, epoch, sw.noAssignmentTimestamp ? null : 0));
  const effects: Effect[] = [
    { kind: 'cancel', key: timerKey({ kind: 'session-timeout', groupId, memberId: m.memberId }) },
    { kind: 'cancel', key: timerKey({ kind: 'rebalance-timeout', groupId, memberId: m.memberId, memberEpoch: 0 }) },
  ];
  const narration = [`Member ${m.memberId} is removed; the group epoch goes to ${epoch} so the others get a new target on their next heartbeat.`];
  // [4.1] the record's metadata hash is 0 (fenceWritesZeroMetadataHash): said when the run's release does so
  if (sw.fenceWritesZeroMetadataHash && group.metadataHash !== 0 && !ctx.quiet)
    narration.push(
      releaseContrast(
        ctx.release,
        (r) => r.switches.fenceWritesZeroMetadataHash,
        (zero) =>
          zero
            ? 'the record carries metadata hash 0, which the group keeps until the hash is recomputed (a topic change or a reload), and that bumps the epoch'
            : "the record keeps the group's metadata hash",
      ),
    );
  return { records, effects, narration };
}
