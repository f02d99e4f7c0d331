// kip1071-draft StreamsGroupHeartbeat in the coordinator (kip1071-draft §4, Appendix A), and the fence (§4.3).
import type { Effect, OpContext, OpResult, RequestContext } from '../../coordinator/context.ts';
import { softEffect } from '../../coordinator/context.ts';
import type { StreamsGroup } from '../../coordinator/group.ts';
import { groupLookups } from '../../coordinator/heartbeat.ts';
import { timerKey } from '../../coordinator/timers.ts';
import { throwIfMemberEpochIsInvalid } from '../../coordinator/fencing.ts';
import { classicGroupTombstone, currentAssignmentTombstone, memberMetadataTombstone, targetAssignmentMemberTombstone } from '../../coordinator/records.ts';
import type { CoordinatorRecord } from '../../log/records.ts';
import { isReconciledTo, sameMetadata, type StreamsGroupMember } from '../../model/member.ts';
import { describeTasks, EMPTY_TUPLE, equalSets, equalTuples, messageTaskIds, withEpoch, withoutEpochs, type TasksTuple } from '../../model/tasks.ts';
import { apiError } from '../../protocol/errors.ts';
import type { KeyValue } from '../../protocol/messages.ts';
import { buildCurrentAssignment, ownedReportFromRequest } from '../../reconcile/index.ts';
import { buildDraftTargetAssignment, computeSubscriptionMetadata, describeSubscription, sameSubscriptionMetadata } from './assignment.ts';
import { emptyDraftHeartbeatResponse, type DraftHeartbeatRequest, type DraftHeartbeatResponse } from './messages.ts';
import { draftCurrentAssignmentRecord, draftFenceRecords, draftGroupMetadataRecord, draftMemberMetadataRecord, draftPartitionMetadataRecord } from './records.ts';
import { newDraftGroup, newDraftMember } from './replay.ts';
import { DRAFT_CONFIGS, METADATA_REFRESH_INTERVAL_MS, type DraftRules } from './rules.ts';
import { pushAll } from '../../util/arrays.ts';

export interface DraftEnv {
  readonly rules: DraftRules;
  /** Deterministic replacement of Uuid.randomUuid() for a join with an empty MemberId (ids.ts). */
  readonly generateMemberId: (group: StreamsGroup) => string;
}

const isBlank = (s: string | null): boolean => s !== null && s.trim().length === 0;

/** §4.1 throwIfStreamsGroupHeartbeatRequestIsInvalid: the first failing check wins. */
export function validateDraftHeartbeat(req: DraftHeartbeatRequest): void {
  const invalid = (m: string) => apiError('INVALID_REQUEST', m);
  if (isBlank(req.groupId)) throw invalid("GroupId can't be empty.");
  if (isBlank(req.instanceId)) throw invalid("InstanceId can't be empty.");
  if (isBlank(req.rackId)) throw invalid("RackId can't be empty.");
  const e = req.memberEpoch;
  if (e > 0 || e === -1) {
    if (req.memberId.trim() === '') throw invalid("MemberId can't be empty.");
  } else if (e === 0) {
    if (req.rebalanceTimeoutMs === -1) throw invalid('RebalanceTimeoutMs must be provided in first request.');
    if (req.activeTasks === null || req.activeTasks.length > 0) throw invalid('ActiveTasks must be empty when (re-)joining.');
    if (req.standbyTasks === null || req.standbyTasks.length > 0) throw invalid('StandbyTasks must be empty when (re-)joining.');
    if (req.warmupTasks === null || req.warmupTasks.length > 0) throw invalid('WarmupTasks must be empty when (re-)joining.');
  } else if (e === -2) {
    if (req.memberId.trim() === '') throw invalid("MemberId can't be empty.");
    if (req.instanceId === null) throw invalid("InstanceId can't be null.");
  } else throw invalid('MemberEpoch is invalid.');
}

/** streamsGroupFenceMember (§4.3): three tombstones, the group epoch bump; session and rebalance timers cancelled. */
export function draftFence(group: StreamsGroup, m: StreamsGroupMember): { records: CoordinatorRecord[]; effects: Effect[]; narration: string[] } {
  const groupId = group.groupId;
  return {
    records: draftFenceRecords(groupId, m.memberId, group.groupEpoch),
    effects: [
      { kind: 'cancel', key: timerKey({ kind: 'session-timeout', groupId, memberId: m.memberId }) },
      { kind: 'cancel', key: timerKey({ kind: 'rebalance-timeout', groupId, memberId: m.memberId, memberEpoch: 0 }) },
    ],
    narration: [
      `Member ${m.memberId} is removed and the group epoch goes to ${group.groupEpoch + 1}. The target assignment is not recomputed now: the next heartbeat of a remaining member does it, because the group epoch is then ahead of the assignment epoch.`,
    ],
  };
}

/** Leave path (§4.3): -1 fences, -2 is a static member's temporary leave. */
function draftLeave(ctx: OpContext, req: DraftHeartbeatRequest): OpResult<DraftHeartbeatResponse> {
  const { groupId, memberId, instanceId } = req;
  const group = ctx.groups.get(groupId);
  if (!group) throw apiError('GROUP_ID_NOT_FOUND', `Group ${groupId} not found.`);
  if (group.classic) throw apiError('GROUP_ID_NOT_FOUND', `Group ${groupId} is not a streams group.`);
  const resp = emptyDraftHeartbeatResponse();
  resp.memberId = memberId;
  resp.memberEpoch = req.memberEpoch;
  if (instanceId === null) {
    const m = group.members.get(memberId);
    if (!m) throw apiError('UNKNOWN_MEMBER_ID', `Member ${memberId} is not a member of group ${groupId}.`);
    const f = draftFence(group, m);
    return { response: resp, records: f.records, effects: f.effects, narration: [`Member ${memberId} leaves the group (epoch -1); no epoch check is made on leave.`, ...f.narration] };
  }
  const holderId = group.staticMemberId(instanceId);
  if (holderId === undefined) throw apiError('UNKNOWN_MEMBER_ID', `Instance id ${instanceId} is unknown.`);
  if (holderId !== memberId) throw apiError('FENCED_INSTANCE_ID', `Static member ${memberId} with instance id ${instanceId} was fenced by member ${holderId}.`);
  const m = group.members.get(holderId)!;
  if (req.memberEpoch === -2) {
    // ⚠ only the active pending revocations are cleared; standby/warm-up pending ones are kept (§3.3)
    const left: StreamsGroupMember = { ...m, memberEpoch: -2, tasksPendingRevocation: { ...m.tasksPendingRevocation, active: new Map() } };
    resp.memberId = m.memberId;
    resp.memberEpoch = -2;
    return {
      response: resp,
      records: [draftCurrentAssignmentRecord(groupId, left)],
      effects: [],
      narration: [
        `Static member ${instanceId} (${memberId}) leaves temporarily (epoch -2): it keeps its tasks, nobody else gets them and the group epoch is not bumped. Its session timer keeps running: if it does not rejoin in time it is fenced.`,
      ],
    };
  }
  const f = draftFence(group, m);
  return { response: resp, records: f.records, effects: f.effects, narration: [`Static member ${instanceId} (${memberId}) leaves the group (epoch -1).`, ...f.narration] };
}

function clientTagsFrom(list: KeyValue[] | null): KeyValue[] | null {
  if (list === null) return null;
  const seen = new Set<string>();
  for (const t of list) {
    // duplicate keys break the map collector: UNKNOWN_SERVER_ERROR
    if (seen.has(t.key)) throw new Error(`Duplicate key ${t.key}`);
    seen.add(t.key);
  }
  return list.map((t) => ({ key: t.key, value: t.value }));
}

/** Equality of what CurrentMemberAssignment persists (task sets without the shipped edition's task epochs). */
function sameDraftAssignment(a: StreamsGroupMember, b: StreamsGroupMember): boolean {
  return (
    a.memberEpoch === b.memberEpoch &&
    a.previousMemberEpoch === b.previousMemberEpoch &&
    a.state === b.state &&
    equalTuples(withoutEpochs(a.assignedTasks), withoutEpochs(b.assignedTasks)) &&
    equalTuples(a.tasksPendingRevocation, b.tasksPendingRevocation)
  );
}

function sameAssigned(a: StreamsGroupMember, b: StreamsGroupMember): boolean {
  const x = withoutEpochs(a.assignedTasks);
  const y = withoutEpochs(b.assignedTasks);
  return equalSets(x.active, y.active) && equalSets(x.standby, y.standby) && equalSets(x.warmup, y.warmup);
}

export function initTimerKey(groupId: string, topologyId: string | null): string {
  return timerKey({ kind: 'topology-initialization-timeout', groupId, topologyId, memberId: '' });
}

/** The regular path (§4.4-§4.11) or the leave path (§4.3). Records in the order of §4.12. */
export function draftHeartbeat(ctx: OpContext, rctx: RequestContext, req: DraftHeartbeatRequest, env: DraftEnv): OpResult<DraftHeartbeatResponse> {
  validateDraftHeartbeat(req);
  if (req.memberEpoch === -1 || req.memberEpoch === -2) return draftLeave(ctx, req);

  const records: CoordinatorRecord[] = [];
  const effects: Effect[] = [];
  const narration: string[] = [];
  const { groupId, instanceId } = req;
  const joining = req.memberEpoch === 0;

  // §4.4 lookup; a join creates a detached INITIALIZING group that becomes real when its records are replayed
  let group = ctx.groups.get(groupId);
  if (group?.classic) {
    // §4.12 item 1: a join replaces an empty classic group (its tombstone first); anything else is not for a streams group
    if (!joining) throw apiError('GROUP_ID_NOT_FOUND', `Group ${groupId} is not a streams group.`);
    records.push(classicGroupTombstone(groupId));
    narration.push(`Group ${groupId} is an empty classic group (created by a manual offset commit): the join replaces it with a streams group.`);
    group = undefined;
  }
  const groupExisted = group !== undefined;
  if (!group) {
    if (!joining) throw apiError('GROUP_ID_NOT_FOUND', `Streams group ${groupId} not found.`);
    group = newDraftGroup(groupId);
    narration.push(`Group ${groupId} does not exist: the join creates it. A new draft group starts INITIALIZING at epoch 0 (it has no topology yet).`);
  }

  // §4.5.1 capacity, with the request's member id (before generation)
  const maxSize = ctx.config.int(DRAFT_CONFIGS.maxSize);
  if (group.members.size >= maxSize && (req.memberId === '' || !group.members.has(req.memberId))) {
    throw apiError('GROUP_MAX_SIZE_REACHED', `The streams group has reached its maximum capacity of ${maxSize} members.`);
  }

  // §4.5.2 member resolution: an empty member id gets a generated one
  const memberId = req.memberId === '' ? env.generateMemberId(group) : req.memberId;
  if (req.memberId === '') narration.push(`The join has an empty MemberId: the coordinator generates ${memberId}.`);
  let member: StreamsGroupMember;
  let builder: StreamsGroupMember;
  let replaced: StreamsGroupMember | null = null;
  if (instanceId === null) {
    const m = group.members.get(memberId);
    if (!m && !joining) throw apiError('UNKNOWN_MEMBER_ID', `Member ${memberId} is not a member of group ${groupId}.`);
    member = m ?? newDraftMember(memberId);
    throwIfMemberEpochIsInvalid(member, req); // §4.5.3 isTaskSubset rules, as shipped
    builder = member;
  } else {
    const holderId = group.staticMemberId(instanceId);
    const holder = holderId !== undefined ? group.members.get(holderId) : undefined;
    if (joining) {
      if (!holder) {
        // a static join without a holder: no epoch validation
        member = group.members.get(memberId) ?? newDraftMember(memberId);
        builder = member;
      } else if (holder.memberEpoch !== -2) {
        throw apiError('UNRELEASED_INSTANCE_ID', `Static member ${memberId} with instance id ${instanceId} cannot join the group because the instance id is owned by ${holder.memberId} member.`);
      } else {
        // replacement: a fresh member inherits the old one's assigned tasks; the old one's records go first
        replaced = holder;
        member = holder;
        builder = { ...newDraftMember(memberId), assignedTasks: holder.assignedTasks };
        records.push(currentAssignmentTombstone(groupId, holder.memberId), targetAssignmentMemberTombstone(groupId, holder.memberId), memberMetadataTombstone(groupId, holder.memberId));
        narration.push(`Static member ${instanceId} comes back as ${memberId}: it replaces ${holder.memberId} (which had left with epoch -2) and inherits its assigned tasks.`);
      }
    } else {
      if (!holder) throw apiError('UNKNOWN_MEMBER_ID', `Instance id ${instanceId} is unknown.`);
      if (holder.memberId !== memberId) throw apiError('FENCED_INSTANCE_ID', `Static member ${memberId} with instance id ${instanceId} was fenced by member ${holder.memberId}.`);
      throwIfMemberEpochIsInvalid(holder, req);
      member = holder;
      builder = holder;
    }
  }

  // §4.6 metadata: null keeps the stored value; client id and host always come from the request context
  const tags = clientTagsFrom(req.clientTags);
  const updated: StreamsGroupMember = {
    ...builder,
    instanceId: instanceId ?? builder.instanceId,
    rackId: req.rackId ?? builder.rackId,
    rebalanceTimeoutMs: req.rebalanceTimeoutMs !== -1 ? req.rebalanceTimeoutMs : builder.rebalanceTimeoutMs,
    topologyId: req.topologyId ?? builder.topologyId ?? null,
    clientId: rctx.clientId,
    clientHost: rctx.clientHost,
    processId: req.processId ?? builder.processId,
    clientTags: tags ?? builder.clientTags,
    userEndpoint: req.userEndpoint ?? builder.userEndpoint,
  };
  let bump = false;
  if (replaced !== null || !group.members.has(memberId) || !sameMetadata(member, updated)) {
    records.push(draftMemberMetadataRecord(groupId, updated));
    // ⚠ a null topology id makes the comparison throw (NullPointerException → UNKNOWN_SERVER_ERROR)
    if (updated.topologyId === null || updated.topologyId === undefined) throw new Error(`topologyId of member ${memberId} is null (NullPointerException)`);
    if (updated.topologyId !== (member.topologyId ?? null)) {
      bump = true;
      narration.push(
        member.topologyId == null
          ? `Member ${memberId} is new to the group (its previous topology id is null): the group epoch is bumped.`
          : `Member ${memberId}'s topology id changed from ${member.topologyId} to ${updated.topologyId}: the group epoch is bumped.`,
      );
    }
  }

  // §4.6 step 3: subscription metadata, when bumping or when the refresh deadline has passed
  const draft = group.draft!;
  let subscription = draft.partitionMetadata;
  let groupEpoch = group.groupEpoch;
  const expired = ctx.now >= draft.refreshDeadline.deadlineMs || group.groupEpoch < draft.refreshDeadline.epoch;
  if (bump || expired) {
    const fresh = computeSubscriptionMetadata(group.topology?.subtopologies ?? null, ctx.topics, env.rules.sourceTopicRegexSubscribes);
    if (!sameSubscriptionMetadata(fresh, draft.partitionMetadata)) {
      subscription = fresh;
      records.push(draftPartitionMetadataRecord(groupId, fresh));
      if (!bump) narration.push(`The partition metadata of the subscribed topics changed (${describeSubscription(fresh)}): the group epoch is bumped.`);
      bump = true;
    }
    if (bump) {
      groupEpoch += 1;
      records.push(draftGroupMetadataRecord(groupId, groupEpoch));
    }
    const deadline = { deadlineMs: ctx.now + METADATA_REFRESH_INTERVAL_MS, epoch: groupEpoch };
    // soft state on the handler's group object: a brand-new group's object is discarded (its deadline stays {0,0})
    if (groupExisted) effects.push(softEffect(groupId, (g) => void (g.draft!.refreshDeadline = deadline)));
  }

  // §4.7 target assignment
  let targetEpoch = group.assignmentEpoch;
  let target: TasksTuple = group.targetAssignment.get(memberId) ?? EMPTY_TUPLE;
  if (groupEpoch > group.assignmentEpoch || replaced !== null) {
    // ⚠ branch: TargetAssignmentBuilder.removeMember(old id) is addOrUpdateMember(id, null), so a replacement under the
    // same member id drops the member from the builder and the heartbeat fails (§4.5.2)
    if (replaced !== null && replaced.memberId === memberId && env.rules.staticRejoinSameIdFails) {
      throw new Error(`Member ${memberId} is missing from the new target assignment (the builder removed the member it had just added)`);
    }
    const r = buildDraftTargetAssignment({
      group,
      groupEpoch,
      updatedMember: updated,
      replacedMemberId: replaced?.memberId ?? null,
      topology: group.topology?.subtopologies ?? null,
      subscription,
      assignor: ctx.assignor,
      regexes: env.rules.sourceTopicRegexSubscribes,
    });
    pushAll(records, r.records);
    targetEpoch = groupEpoch;
    target = r.targets.get(memberId)!;
    narration.push(
      group.topology
        ? `A new target assignment is computed for epoch ${groupEpoch}; ${memberId}'s target: active ${describeTasks(target.active)}.`
        : `A new target assignment is computed for epoch ${groupEpoch}; the group has no topology yet, so every member's target is empty.`,
    );
  }

  // §4.8 reconciliation against the pre-operation indexes
  let next = updated;
  if (!isReconciledTo(updated, targetEpoch)) {
    const report = ownedReportFromRequest(req.activeTasks, req.standbyTasks, req.warmupTasks);
    const input = { ...updated, assignedTasks: { ...updated.assignedTasks, active: withEpoch(withoutEpochs(updated.assignedTasks).active, updated.memberEpoch) } };
    const built = buildCurrentAssignment({
      member: input,
      targetEpoch,
      target,
      report,
      lookups: groupLookups(group),
      flavour: 'draft',
      reportRule: 'all-or-nothing',
      omittedListMeansUnchanged: env.rules.omittedListMeansUnchanged,
    });
    if (!sameDraftAssignment(built, updated)) {
      next = { ...built, assignedTasks: { ...built.assignedTasks, active: withEpoch(withoutEpochs(built.assignedTasks).active, built.memberEpoch) } };
      records.push(draftCurrentAssignmentRecord(groupId, next));
      const rebalanceKey = timerKey({ kind: 'rebalance-timeout', groupId, memberId, memberEpoch: 0 });
      if (next.state === 'UNREVOKED_TASKS') {
        effects.push({ kind: 'schedule', task: { kind: 'rebalance-timeout', groupId, memberId, memberEpoch: next.memberEpoch }, at: ctx.now + next.rebalanceTimeoutMs });
      } else effects.push({ kind: 'cancel', key: rebalanceKey });
      narration.push(describeTransition(next, targetEpoch));
    } else if (updated.state === 'UNREVOKED_TASKS') {
      narration.push(
        `Member ${memberId} must still release ${describeTasks(updated.tasksPendingRevocation.active)}; its request does not prove that (owned lists missing or still containing them), so it stays at epoch ${updated.memberEpoch}.`,
      );
    } else if (updated.state === 'UNRELEASED_TASKS') {
      narration.push(`Member ${memberId} still waits for tasks another process holds.`);
    }
  }

  // §4.9 session timeout
  effects.push({ kind: 'schedule', task: { kind: 'session-timeout', groupId, memberId }, at: ctx.now + ctx.config.int(DRAFT_CONFIGS.sessionTimeout) });

  // §4.10 topology initialization request: one member at a time per (group, topology id)
  let shouldInitializeTopology = false;
  if (group.topology === null && !ctx.timers.isScheduled(initTimerKey(groupId, req.topologyId))) {
    shouldInitializeTopology = true;
    const delay = env.rules.initTimerUsesRequestTimeout || req.rebalanceTimeoutMs !== -1 ? req.rebalanceTimeoutMs : updated.rebalanceTimeoutMs;
    effects.push({ kind: 'schedule', task: { kind: 'topology-initialization-timeout', groupId, topologyId: req.topologyId, memberId }, at: ctx.now + delay });
    narration.push(`The group has no topology and nobody is initializing topology ${req.topologyId}: ${memberId} is asked to send StreamsGroupInitialize within ${delay} ms, or it is fenced.`);
  }

  // §4.11 response
  const resp = emptyDraftHeartbeatResponse();
  resp.memberId = next.memberId;
  resp.memberEpoch = next.memberEpoch;
  resp.heartbeatIntervalMs = ctx.config.int(DRAFT_CONFIGS.heartbeatInterval);
  resp.shouldInitializeTopology = shouldInitializeTopology;
  if (joining || !sameAssigned(member, next)) {
    const t = withoutEpochs(next.assignedTasks);
    resp.activeTasks = messageTaskIds(t.active);
    resp.standbyTasks = messageTaskIds(t.standby);
    resp.warmupTasks = messageTaskIds(t.warmup);
  }
  return { response: resp, records, effects, narration };
}

function describeTransition(to: StreamsGroupMember, targetEpoch: number): string {
  const id = to.memberId;
  const active = describeTasks(withoutEpochs(to.assignedTasks).active);
  switch (to.state) {
    case 'UNREVOKED_TASKS':
      return `Member ${id} must first release ${describeTasks(to.tasksPendingRevocation.active)} before it may move to epoch ${targetEpoch}; it stays at epoch ${to.memberEpoch} (UNREVOKED_TASKS) and its rebalance timeout (${to.rebalanceTimeoutMs} ms) starts.`;
    case 'UNRELEASED_TASKS':
      return `Member ${id} moves to epoch ${to.memberEpoch} but some of its target tasks are still owned by another process (UNRELEASED_TASKS); it owns active ${active} for now.`;
    default:
      return `Member ${id} is reconciled at epoch ${to.memberEpoch}: active ${active}.`;
  }
}
