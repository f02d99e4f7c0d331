// StreamsGroupHeartbeat in the coordinator (GroupMetadataManager.streamsGroupHeartbeat), shipped edition [4.4].
import { apiError, ApiError } from '../protocol/errors.ts';
import { releaseContrast } from '../releases/narrate.ts';
import { DEFAULT_KAFKA_RELEASE, KAFKA_RELEASES, releaseRules, type ReleaseRules } from '../releases/index.ts';
import { hasOwnKey } from '../util/own.ts';
import type { Endpoint, KeyValue, Status, StreamsGroupHeartbeatRequest, StreamsGroupHeartbeatResponse, TaskOffset } from '../protocol/messages.ts';
import { emptyHeartbeatResponse, STATUS } from '../protocol/messages.ts';
import { subtopology } from '../protocol/normalize.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import { isReconciledTo, newMember, sameAssignment, sameMetadata, type StreamsGroupMember } from '../model/member.ts';
import { EMPTY_TUPLE, tupleIsEmpty, describeTasks, equalTuples, equalTuplesWithEpochs, messageTaskIds, withoutEpochs, type TaskIds, type TasksTuple } from '../model/tasks.ts';
import { isReady, type ConfiguredTopology, type StreamsTopology } from '../model/topology.ts';
import { buildCurrentAssignment, ownedReportFromRequest, type OwnedReport, type ProcessLookups } from '../reconcile/index.ts';
import { configureTopicsMemo } from '../topology/configureMemo.ts';
import { computeMetadataHash } from '../topology/metadataHash.ts';
import { throwIfTopologyUpdated } from '../topology/validate.ts';
import type { Effect, OpContext, OpResult, RequestContext } from './context.ts';
import { effectsSurvivingFailure, FailedAfterEffects, plainFieldEffect, softEffect } from './context.ts';
import { newShippedGroup, NO_CACHED_ENDPOINT_ENTRIES, type MemberTaskOffsets, type RefinedAssignment, type StreamsGroup } from './group.ts';
import { streamsGroupLeave } from './leave.ts';
import { accumulateReport } from './partialProgress.ts';
import { assignedAsReport, releasedOnTimeout } from './releaseOnTimeout.ts';
import { endpointToPartitions, endpointToPartitionsFromMemberMap } from './endpoints.ts';
import {
  classicGroupTombstone,
  currentAssignmentRecord,
  currentAssignmentTombstone,
  groupMetadataRecord,
  groupMetadataRecordWithoutValidation,
  memberMetadataRecord,
  memberMetadataTombstone,
  targetAssignmentMemberRecord,
  targetAssignmentMetadataRecord,
  targetAssignmentMemberTombstone,
  topologyRecord,
} from './records.ts';
import { buildTargetAssignment } from './targetAssignment.ts';
import { timerKey } from './timers.ts';
import { assignmentConfigMap, assignmentConfigs, sameConfigs } from './assignmentConfigs.ts';
import { throwIfMemberEpochIsInvalid } from './fencing.ts';
import { heartbeatConfigs } from './heartbeatConfigs.ts';
import { pushAll } from '../util/arrays.ts';

export function streamsGroupHeartbeat(ctx: OpContext, rctx: RequestContext, req: StreamsGroupHeartbeatRequest): OpResult<StreamsGroupHeartbeatResponse> {
  if (req.memberEpoch === -1 || req.memberEpoch === -2) return streamsGroupLeave(ctx, req);
  // what refuses a dynamic member's heartbeat before it changes anything is thrown here, once (not caught and rethrown)
  const known = req.memberEpoch !== 0 && req.instanceId === null ? knownDynamicMember(ctx, req) : null;
  const effects: Effect[] = [];
  try {
    return joinOrHeartbeat(ctx, rctx, req, known, effects);
  } catch (e) {
    // a failed heartbeat keeps what it changed in memory before it threw (CoordinatorRuntime reverts nothing)
    if (e instanceof FailedAfterEffects || effects.length === 0) throw e;
    throw new FailedAfterEffects(e, effectsSurvivingFailure(effects));
  }
}

/** A dynamic member's heartbeat (not a join): its group and member, found and checked once. */
interface KnownMember {
  readonly group: StreamsGroup;
  readonly member: StreamsGroupMember;
}

/**
 * Steps 1 and 2 of joinOrHeartbeat for a dynamic member's heartbeat (not a join), which change nothing: the group
 * must be a streams group, the member known, its epoch valid.
 */
function knownDynamicMember(ctx: OpContext, req: StreamsGroupHeartbeatRequest): KnownMember {
  const group = ctx.groups.get(req.groupId);
  if (group === undefined) throw groupNotFound(req.groupId);
  // only a join converts an empty classic group
  if (group.classic) throw notAStreamsGroup(req.groupId);
  const member = group.members.get(req.memberId);
  if (member === undefined) throw unknownMember(req.memberId, req.groupId);
  throwIfMemberEpochIsInvalid(member, req);
  return { group, member };
}

function groupNotFound(groupId: string): ApiError {
  return apiError('GROUP_ID_NOT_FOUND', `Streams group ${groupId} not found.`);
}

function notAStreamsGroup(groupId: string): ApiError {
  return apiError('GROUP_ID_NOT_FOUND', `Group ${groupId} is not a streams group.`);
}

function unknownMember(memberId: string, groupId: string): ApiError {
  return apiError('UNKNOWN_MEMBER_ID', `Member ${memberId} is not a member of group ${groupId}.`);
}

/**
 * The heartbeat proper; `known` is a dynamic member's heartbeat's group and member (steps 1 and 2 done), null for a
 * join or a static member; `effects` collects the in-memory changes in the order Kafka makes them.
 */
function joinOrHeartbeat(ctx: OpContext, rctx: RequestContext, req: StreamsGroupHeartbeatRequest, known: KnownMember | null, effects: Effect[]): OpResult<StreamsGroupHeartbeatResponse> {
  const records: CoordinatorRecord[] = [];
  const statuses: Status[] = [];
  const narration: string[] = [];
  const { groupId, memberId, instanceId } = req;
  const isJoining = req.memberEpoch === 0;
  const hc = heartbeatConfigs(ctx.config);
  const maxSize = hc.maxSize;

  // 1. the group: a join creates it (a new in-memory group starts at epoch 1), anything else needs it
  let existing = known !== null ? known.group : ctx.groups.get(groupId);
  // the coordinator's group map holds the group id (a streams group, or an empty classic group this join converts)
  const groupIdInMap = existing !== undefined;
  if (existing?.classic) {
    // getOrCreateStreamsGroup: a join converts the empty (simple) classic group, whose tombstone goes first
    // [4.1] castToStreamsGroup: no conversion, even on a join (release switch joinConvertsEmptyClassicGroup)
    const converts = () =>
      releaseContrast(
        ctx.release,
        (r) => r.switches.joinConvertsEmptyClassicGroup,
        (c) => (c ? 'a join converts an empty classic group into a streams group' : 'a join into a classic group is GROUP_ID_NOT_FOUND'),
      );
    if (!isJoining) throw notAStreamsGroup(groupId);
    if (!ctx.release.switches.joinConvertsEmptyClassicGroup) throw withNarration(ctx, notAStreamsGroup(groupId), converts);
    records.push(classicGroupTombstone(groupId));
    note(ctx, narration, () => `Group ${groupId} is an empty classic group (created by a manual offset commit): the join replaces it with a streams group; its committed offsets stay. ${converts()}`);
    existing = undefined;
  }
  let group: StreamsGroup;
  if (isJoining) {
    if (existing) group = existing;
    // [4.1]–[4.3] a new group's epochs differ (src/core/releases/ newGroupEpochs)
    else {
      group = newShippedGroup(groupId, ctx.release.switches.newGroupEpochs);
      // [4.1] the endpoint information epoch starts at -1 (release switch initialEndpointInformationEpoch)
      group.endpointInformationEpoch = ctx.release.switches.initialEndpointInformationEpoch;
      // [4.1] readiness by the configured topology (release switch readinessFromConfiguredTopology)
      group.readinessFromConfiguredTopology = ctx.release.switches.readinessFromConfiguredTopology;
    }
    // max size: only new members count
    // [4.1]–[4.3] every member counts, a known one's rejoin too (release switch fullGroupRefusesKnownMember)
    const known = !ctx.release.switches.fullGroupRefusesKnownMember && (group.members.has(memberId) || (instanceId !== null && group.staticMembers.has(instanceId)));
    if (!known && group.members.size >= maxSize) {
      throw apiError('GROUP_MAX_SIZE_REACHED', `The streams group has reached its maximum capacity of ${maxSize} members.`);
    }
  } else {
    if (!existing) throw groupNotFound(groupId);
    group = existing;
  }
  const groupExisted = existing !== undefined;

  // 2. the member, and epoch fencing
  let member: StreamsGroupMember;
  let replacedMemberId: string | null = null;
  let relabelFrom: string | null = null;
  if (known !== null) member = known.member;
  else if (instanceId === null) member = group.members.get(memberId) ?? newMember(memberId);
  else {
    const holderId = group.staticMemberId(instanceId);
    const holder = holderId !== undefined ? group.members.get(holderId) : undefined;
    // StreamsGroup.relabelRefinedAssignment runs as soon as another member holds the instance id, before the checks
    // below (UNRELEASED_INSTANCE_ID, FENCED_INSTANCE_ID), and a failed heartbeat keeps it
    if (holder && holder.memberId !== memberId) {
      relabelFrom = holder.memberId;
      const next = relabeledRefinedAssignment(group, holder.memberId, memberId);
      if (next !== undefined && groupExisted) effects.push(softEffect(groupId, (g) => (g.refinedAssignment = next)));
    }
    if (isJoining) {
      if (!holder) member = group.members.get(memberId) ?? newMember(memberId);
      else {
        // static join: the instance id must have been released with epoch -2
        if (holder.memberEpoch !== -2) {
          throw apiError('UNRELEASED_INSTANCE_ID', `Static member ${memberId} with instance id ${instanceId} cannot join the group because the instance id is owned by ${holder.memberId} member.`);
        }
        member = { ...holder, memberId, memberEpoch: 0, previousMemberEpoch: 0 };
        replacedMemberId = holder.memberId;
        // replaceStreamsMember: the old member's records go, the new member takes its metadata, target and tasks
        const inherited = group.targetOf(holder.memberId);
        records.push(
          currentAssignmentTombstone(groupId, holder.memberId),
          targetAssignmentMemberTombstone(groupId, holder.memberId),
          memberMetadataTombstone(groupId, holder.memberId),
          memberMetadataRecord(groupId, member),
          targetAssignmentMemberRecord(groupId, memberId, inherited),
          currentAssignmentRecord(groupId, member, ctx.release.switches.taskAssignmentEpochs),
        );
        // [4.4] replaceStreamsMember cancels none of the old member's timers: after a successful replacement its session
        // timeout finds no member and does nothing (streamsGroupFenceMemberOperation), so the playground drops it then;
        // a heartbeat that fails after this point keeps the old member, whose session timeout still fences it
        effects.push({ kind: 'cancel', key: timerKey({ kind: 'session-timeout', groupId, memberId: holder.memberId }), successOnly: true });
        effects.push({ kind: 'cancel', key: timerKey({ kind: 'rebalance-timeout', groupId, memberId: holder.memberId, memberEpoch: 0 }), successOnly: true });
        note(ctx, narration, () => `Static member ${instanceId} comes back as ${memberId}: it replaces ${holder.memberId} and inherits its tasks and target.`);
      }
    } else {
      if (!holder) throw apiError('UNKNOWN_MEMBER_ID', `Instance id ${instanceId} is unknown.`);
      if (holder.memberId !== memberId) {
        throw apiError('FENCED_INSTANCE_ID', `Static member ${memberId} with instance id ${instanceId} was fenced by member ${holder.memberId}.`);
      }
      member = holder;
    }
  }
  // [4.2]+ a join with epoch 0 is never fenced; [4.1] it is checked like any epoch (release switch fenceRejoinAtEpochZero)
  // (a dynamic member's epoch was checked with `known`)
  if (!isJoining) {
    if (known === null) throwIfMemberEpochIsInvalid(member, req);
  } else if (ctx.release.switches.fenceRejoinAtEpochZero || !ctx.quiet) {
    // a known member's rejoin that the epoch check would fence: the release rule decides the step (checked for the
    // narration only when narrating)
    let fence: unknown = null;
    try {
      throwIfMemberEpochIsInvalid(member, req);
    } catch (e) {
      fence = e;
    }
    if (fence !== null) {
      const rejoin = () =>
        `Member ${memberId} rejoins with epoch 0 while it holds epoch ${member.memberEpoch}. ` +
        releaseContrast(
          ctx.release,
          (r) => r.switches.fenceRejoinAtEpochZero,
          (f) => (f ? 'such a rejoin is checked like any epoch and fenced (FENCED_MEMBER_EPOCH)' : 'a join with epoch 0 is never fenced: the member rejoins'),
        );
      if (ctx.release.switches.fenceRejoinAtEpochZero) throw fence instanceof ApiError ? withNarration(ctx, fence, rejoin) : fence;
      note(ctx, narration, rejoin);
    }
  }

  // 3. member metadata: null keeps the stored value; client id and host always come from the request context
  const tags = clientTagsFrom(req.clientTags);
  // (every field in newMember's order, as replay builds members: one object shape)
  const updated: StreamsGroupMember = {
    memberId: member.memberId,
    memberEpoch: member.memberEpoch,
    previousMemberEpoch: member.previousMemberEpoch,
    state: member.state,
    instanceId: instanceId ?? member.instanceId,
    rackId: req.rackId ?? member.rackId,
    rebalanceTimeoutMs: req.rebalanceTimeoutMs === -1 ? member.rebalanceTimeoutMs : req.rebalanceTimeoutMs,
    clientId: rctx.clientId,
    clientHost: rctx.clientHost,
    topologyEpoch: req.topology ? req.topology.epoch : member.topologyEpoch,
    processId: req.processId ?? member.processId,
    // [4.4] a join replaces the endpoint (null clears it); otherwise null keeps it ([4.1]–[4.3] always: joinReplacesEndpoint)
    userEndpoint: isJoining && ctx.release.switches.joinReplacesEndpoint ? req.userEndpoint : (req.userEndpoint ?? member.userEndpoint),
    clientTags: tags ?? member.clientTags,
    assignedTasks: member.assignedTasks,
    tasksPendingRevocation: member.tasksPendingRevocation,
    revocationEpochs: member.revocationEpochs,
  };
  const isNewMember = !group.members.has(memberId) && replacedMemberId === null;
  let bump = false;
  if (isNewMember || !sameMetadata(member, updated)) {
    records.push(memberMetadataRecord(groupId, updated));
    // hasStreamsMemberMetadataChanged: a heartbeat without an instance id (a dynamic member, or a static one that
    // leaves its instance id out) triggers a rebalance on any metadata change; with one, only a change of topology
    // epoch, rack, client tags or process (hasEpochRelevantMemberConfigChanged)
    const relevant =
      member.topologyEpoch !== updated.topologyEpoch ||
      member.rackId !== updated.rackId ||
      member.processId !== updated.processId ||
      JSON.stringify(member.clientTags) !== JSON.stringify(updated.clientTags);
    if (instanceId === null || isNewMember || relevant) {
      bump = true;
      note(ctx, narration, () => (isNewMember ? `Member ${memberId} joins: the group epoch is bumped.` : `Member ${memberId}'s metadata changed: the group epoch is bumped.`));
    }
  }

  // 4. topology: the first one initializes the group; later ones must equal it (or be older: stale)
  const hadTopology = group.topology !== null;
  let topology: StreamsTopology;
  if (req.topology) {
    if (!group.topology) {
      // the group keeps its own copy (normalizing a normalized subtopology copies it field by field)
      topology = { epoch: req.topology.epoch, subtopologies: req.topology.subtopologies.map(subtopology) };
      records.push(topologyRecord(groupId, topology));
      note(ctx, narration, () => `The group takes member ${memberId}'s topology (epoch ${topology.epoch}).`);
    } else if (group.topology.epoch > req.topology.epoch) topology = group.topology;
    else {
      throwIfTopologyUpdated(group.topology, req.topology);
      topology = group.topology;
    }
  } else if (group.topology) topology = group.topology;
  else throw new Error('The topology is null and the group topology is also null.');

  // 5. STALE_TOPOLOGY: the member's topology epoch is behind the group's
  if (hadTopology && updated.topologyEpoch < group.topology!.epoch) {
    statuses.push({ statusCode: STATUS.STALE_TOPOLOGY, statusDetail: `The member's topology epoch ${updated.topologyEpoch} is behind the group's topology epoch ${group.topology!.epoch}.` });
  }

  // 6. configured topology: recomputed when new, not cached, or a metadata refresh is due
  let configured: ConfiguredTopology;
  let metadataHash = group.metadataHash;
  let reconfigure = !hadTopology;
  let configuredTopologySet = false;
  let shutdownRequester = group.shutdownRequester;
  if (reconfigure || group.configuredTopology === null || group.hasMetadataExpired()) {
    metadataHash = computeMetadataHash(topology, ctx.topics);
    if (metadataHash !== group.metadataHash) {
      // a new metadata hash triggers a rebalance
      // [4.1] a hash of 0 is the one a leave or fencing wrote (fenceWritesZeroMetadataHash), not a topic change
      const zeroFromFence = group.metadataHash === 0 && ctx.release.switches.fenceWritesZeroMetadataHash;
      if (!bump && hadTopology)
        note(ctx, narration, () =>
          zeroFromFence
            ? `The recomputed metadata hash differs from the stored one, 0 (Kafka ${ctx.release.release} writes 0 when a member leaves or is fenced; 0 is also the hash of no topics): the group epoch is bumped.`
            : 'The topics the topology needs changed: the group epoch is bumped.',
        );
      bump = true;
      reconfigure = true;
    }
    if (reconfigure || group.configuredTopology === null) {
      // [4.1] status details list every topic (release switch topicListDetail)
      // (remembered within the run: the run's assignor, as for reconciliations)
      configured = configureTopicsMemo(topology, ctx.topics, metadataHash, ctx.release.switches.topicListDetail, ctx.assignor);
      const c = configured;
      configuredTopologySet = true;
      // StreamsGroup.setConfiguredTopology also clears the endpoint-to-partitions cache
      if (groupExisted)
        effects.push(
          softEffect(groupId, (g) => {
            g.configuredTopology = c;
            g.endpointEntryCache = NO_CACHED_ENDPOINT_ENTRIES;
          }),
        );
      // [4.1] configuring the topology re-derives the state: with no members yet the group is empty and forgets a shutdown request (configuredTopologyClearsShutdownOfEmptyGroup)
      if (group.members.size === 0 && shutdownRequester !== null) {
        const clears = ctx.release.switches.configuredTopologyClearsShutdownOfEmptyGroup;
        note(ctx, narration, () =>
          releaseContrast(
            ctx.release,
            (r) => r.switches.configuredTopologyClearsShutdownOfEmptyGroup,
            (c) => (c ? 'configuring the topology of a group with no members forgets its shutdown request' : 'the shutdown request stays (only a group left with no members forgets it)'),
          ),
        );
        if (clears) {
          shutdownRequester = null;
          effects.push(plainFieldEffect(groupId, (g) => (g.shutdownRequester = null)));
        }
      }
    } else configured = group.configuredTopology;
  } else configured = group.configuredTopology;

  // 7. a ready topology validates the group's topology epoch and the reported tasks
  let validatedTopologyEpoch = -1;
  if (isReady(configured)) {
    validatedTopologyEpoch = topology.epoch;
    throwIfRequestContainsInvalidTasks(configured, req.activeTasks);
    throwIfRequestContainsInvalidTasks(configured, req.standbyTasks);
    throwIfRequestContainsInvalidTasks(configured, req.warmupTasks);
  }

  // 8. [4.4] task offsets are kept in memory per member (MemberTaskOffsets.update: a null list keeps the stored one;
  // a duplicate task is INVALID_REQUEST). Kafka stores them before the target is computed, so this heartbeat's
  // assignment already reads them (standby placement and warm-up choices by lag)
  let updatedTaskOffsets: MemberTaskOffsets | undefined;
  if (req.taskOffsets !== null || req.taskEndOffsets !== null) {
    throwIfDuplicateTaskOffsets(req.taskOffsets);
    throwIfDuplicateTaskOffsets(req.taskEndOffsets);
    const prev = group.taskOffsets.get(memberId) ?? { offsets: null, endOffsets: null };
    const merged: MemberTaskOffsets = { offsets: req.taskOffsets ?? prev.offsets, endOffsets: req.taskEndOffsets ?? prev.endOffsets };
    updatedTaskOffsets = merged;
    // a group this join creates is a new object that the replay of its records replaces (getOrCreateStreamsGroup does
    // not store it): what is kept in its memory only, like these offsets, is gone after the heartbeat
    // (StreamsGroup.taskOffsets is a plain map: a later exception does not undo it)
    // [4.4] a static member that comes back under the same member id writes its old metadata's tombstone in this
    // heartbeat: replaying it (GroupMetadataManager.replay of StreamsGroupMemberMetadata, StreamsGroup.removeMember)
    // forgets the offsets just stored, so only this heartbeat's assignment reads them
    const droppedByReplay = replacedMemberId === memberId;
    if (groupExisted && !droppedByReplay) effects.push(plainFieldEffect(groupId, (g) => g.setTaskOffsets(memberId, merged)));
  }

  // 9. becoming ready (or ceasing to be) triggers a rebalance ([4.1] keeps no validated epoch: noValidatedEpochOrAssignmentConfigs)
  const v41 = ctx.release.switches.noValidatedEpochOrAssignmentConfigs;
  if (!v41 && validatedTopologyEpoch !== group.validatedTopologyEpoch) {
    if (!bump)
      note(
        ctx,
        narration,
        () =>
          (validatedTopologyEpoch === -1 ? 'The topology is no longer ready: the group epoch is bumped.' : 'The topology is now ready: the group epoch is bumped.') +
          olderReleaseContrast(
            ctx.release,
            (r) => r.switches.noValidatedEpochOrAssignmentConfigs,
            (v) => (v ? 'the group keeps no validated topology epoch, so this alone bumps nothing' : 'a change of readiness bumps the group epoch'),
          ),
      );
    bump = true;
  }

  // 10. assignment configs changed since the last assignment
  const configs = assignmentConfigs(ctx.config);
  if (!v41 && !bump && !sameConfigs(configs, group.lastAssignmentConfigs)) {
    bump = true;
    note(
      ctx,
      narration,
      () =>
        'The assignment configs changed: the group epoch is bumped.' +
        olderReleaseContrast(
          ctx.release,
          (r) => r.switches.noValidatedEpochOrAssignmentConfigs,
          (v) => (v ? 'the group keeps no last assignment configs, so a change bumps nothing' : 'an assignment config change bumps the group epoch'),
        ),
    );
  }

  // 11. [4.4] assignmentUpdate REFINED: on a Stable group a heartbeat that changes nothing else still bumps the group
  // epoch when the member's assigned tasks differ from its refined target (GroupMetadataManager.refineAssignment, the
  // group's target map: AssignmentRefiner.refine is the identity), e.g. after it reconciled toward a stale cached
  // refinement of the same epoch (a failed heartbeat cached one, see RefinedCache)
  // ([4.1]–[4.3] have no refinement: refinedAssignmentBump)
  const stableBefore = ctx.release.switches.refinedAssignmentBump && !bump && groupExisted && group.state() === 'STABLE';
  const refineOnly = stableBefore && !equalTuples(group.targetOf(memberId), withoutEpochs(updated.assignedTasks));
  if (refineOnly) {
    bump = true;
    note(ctx, narration, () => `Member ${memberId}'s tasks differ from its target in a Stable group. ${refineContrast(ctx.release)}`);
  } else if (
    !ctx.quiet &&
    !ctx.release.switches.refinedAssignmentBump &&
    !bump &&
    groupExisted &&
    group.state() === 'STABLE' &&
    !equalTuples(group.targetOf(memberId), withoutEpochs(updated.assignedTasks))
  ) {
    // [4.1]–[4.3] the step 4.4 would refine (refinedAssignmentBump)
    narration.push(`Member ${memberId}'s tasks differ from its target in a Stable group. ${refineContrast(ctx.release)}`);
  }

  // 12. bump
  let groupEpoch = group.groupEpoch;
  if (bump) {
    // [4.2] a bump from epoch 0 goes to 2 (firstBumpSkipsToTwo)
    const skipsToTwo = groupEpoch === 0 && ctx.release.switches.firstBumpSkipsToTwo;
    groupEpoch = skipsToTwo ? 2 : groupEpoch + 1;
    // [4.1]–[4.3] a new group's epochs (newGroupEpochs, firstBumpSkipsToTwo): an older release names itself
    if (!groupExisted && ctx.release.release !== DEFAULT_KAFKA_RELEASE)
      note(ctx, narration, () => releaseContrast(ctx.release, firstEpochs, ([start, first]) => `a new group starts at epoch ${start} and its first bump goes to ${first}`));
    records.push(
      v41
        ? groupMetadataRecordWithoutValidation(groupId, groupEpoch, metadataHash)
        : groupMetadataRecord(groupId, { epoch: groupEpoch, metadataHash, validatedTopologyEpoch, lastAssignmentConfigs: configs }),
    );
    // setMetadataRefreshDeadline(now + Integer.MAX_VALUE, groupEpoch)
    // (on a group this join creates, the deadline goes with the transient group object: the replayed one has none)
    const e = groupEpoch;
    effects.push(
      plainFieldEffect(groupId, (g) => {
        g.metadataRefreshRequested = false;
        if (groupExisted) g.metadataRefreshEpoch = e;
      }),
    );
  }

  // 13. [4.4] initial rebalance delay for the first member of an empty group
  const initialKey = timerKey({ kind: 'initial-rebalance', groupId });
  const delay = hc.initialRebalanceDelayMs;
  // [4.1] no initial rebalance delay (the config came with 4.2): a new group is assigned at once
  if (!groupExisted && hasOwnKey(ctx.release.absentConfigs, 'group.streams.initial.rebalance.delay.ms')) note(ctx, narration, () => releaseContrast(ctx.release, firstDelay, describeFirstDelay));
  let initialDelayActive = ctx.timers.isScheduled(initialKey);
  if (group.members.size === 0 && delay > 0) {
    effects.push({ kind: 'schedule-if-absent', task: { kind: 'initial-rebalance', groupId }, at: ctx.now + delay });
    initialDelayActive = true;
  }

  // 14. target assignment. [4.4] Members reconcile toward the refined assignment (AssignmentRefiner.refine is the
  // identity in 4.4.0), which the group caches per assignment epoch when warm-ups are on (StreamsGroup.refinedAssignment);
  // a cached snapshot is read again for its epoch even after targets changed (a member left), see refined() below
  const refinedCache = new RefinedCache(ctx, group, groupId, memberId, replacedMemberId, groupExisted, effects);
  // (the relabel above, already among the effects)
  if (relabelFrom !== null) refinedCache.relabeled(relabeledRefinedAssignment(group, relabelFrom, memberId));
  // assignmentUpdate NONE or REFINED on a Stable group: the group's target map itself is the refined assignment
  let targetEpoch: number;
  let target: TasksTuple;
  if (groupEpoch > group.assignmentEpoch) {
    const interval = hc.assignmentIntervalMs;
    if (refineOnly && initialDelayActive) {
      // maybeUpdateStreamsTargetAssignment answers the assignment epoch; the refinement is cached for it
      targetEpoch = group.assignmentEpoch;
      target = refinedCache.store(targetEpoch, 'live', group.targetOf(memberId));
      statuses.push({ statusCode: STATUS.ASSIGNMENT_DELAYED, statusDetail: 'Assignment delayed due to the configured initial rebalance delay.' });
    } else if (refineOnly && group.assignmentEpoch >= group.groupEpoch) {
      // maybeUpdateStreamsTargetAssignment(refineOnly): the target stays, only its epoch moves (the last assignment's
      // timestamp is kept, and the assignment interval is not consulted)
      records.push(targetAssignmentMetadataRecord(groupId, groupEpoch, ctx.release.switches.noAssignmentTimestamp ? null : group.assignmentTimestamp));
      targetEpoch = groupEpoch;
      target = refinedCache.store(targetEpoch, 'live', group.targetOf(memberId));
    } else if (initialDelayActive) {
      // during the initial delay members reconcile toward an empty target at the group's assignment epoch
      // (1 for a new group: TargetAssignmentMetadata.INITIAL; [4.2] at least 1: delayedTargetEpochAtLeastOne)
      targetEpoch = ctx.release.switches.delayedTargetEpochAtLeastOne ? Math.max(1, group.assignmentEpoch) : group.assignmentEpoch;
      // [4.2]/[4.3] the epoch a new group's members reconcile at during the delay: an older release names itself
      if (!groupExisted && ctx.release.release !== DEFAULT_KAFKA_RELEASE) note(ctx, narration, () => releaseContrast(ctx.release, firstDelay, describeFirstDelay));
      target = refinedCache.read(targetEpoch) ?? refinedCache.store(targetEpoch, new Map(), EMPTY_TUPLE);
      statuses.push({ statusCode: STATUS.ASSIGNMENT_DELAYED, statusDetail: 'Assignment delayed due to the configured initial rebalance delay.' });
      note(ctx, narration, () => `The first assignment waits for the initial rebalance delay (${delay} ms).`);
    } else if (interval > 0 && ctx.now - group.assignmentTimestamp < interval) {
      // canComputeNextTargetAssignment: the assignment interval has not elapsed since the last computation (a group
      // never assigned has NEVER_ASSIGNED, Kafka's 0; an assignment at the playground's time 0 counts, see NEVER_ASSIGNED)
      targetEpoch = group.assignmentEpoch;
      // the group's target map as it is: a static member that replaces another reads the target it inherits
      const live = group.targetOf(replacedMemberId ?? memberId);
      target = refinedCache.read(targetEpoch) ?? refinedCache.store(targetEpoch, 'live', live);
      statuses.push({ statusCode: STATUS.ASSIGNMENT_DELAYED, statusDetail: 'Assignment delayed due to the configured assignment interval.' });
      const last = group.assignmentTimestamp;
      note(
        ctx,
        narration,
        () =>
          `A new assignment is due but the assignment interval (${interval} ms) has not elapsed since the last one at ${last} ms${last === 0 ? " (the playground's clock starts at 0, a real instant: a broker's clock is never 0, so this assignment counts)" : ''}; the next one can be computed from ${last + interval} ms.`,
      );
    } else {
      const result = buildTargetAssignment({
        group,
        groupEpoch,
        updatedMember: updated,
        replacedMemberId,
        configuredTopology: configured,
        assignor: ctx.assignor,
        assignmentConfigs: assignmentConfigMap(ctx.config),
        timestamp: ctx.now,
        // [4.4] TargetAssignmentBuilder.createMemberMetadataAndState: the assignor reads each member's assigned tasks
        // ([4.2]/[4.3] createAssignmentMemberSpec: its target, release switch olderStickyAssignor)
        previousTasks: ctx.release.switches.olderStickyAssignor ? 'target' : 'assigned',
        noAssignmentTimestamp: ctx.release.switches.noAssignmentTimestamp,
        ...(updatedTaskOffsets ? { updatedMemberTaskOffsets: updatedTaskOffsets } : {}),
      });
      pushAll(records, result.records);
      targetEpoch = groupEpoch;
      target = refinedCache.read(targetEpoch) ?? refinedCache.store(targetEpoch, result.targets, result.targets.get(memberId) ?? EMPTY_TUPLE);
      note(
        ctx,
        narration,
        () => `A new target assignment is computed for epoch ${groupEpoch}; ${memberId}'s target: active ${describeTasks(target.active)}, standby ${describeTasks(target.standby)}.`,
      );
    }
  } else {
    targetEpoch = group.assignmentEpoch;
    const live = replacedMemberId !== null ? group.targetOf(replacedMemberId) : group.targetOf(memberId);
    // maybeCacheRefinedAssignment of the live map (Stable), else refinedAssignmentForEpoch
    target = stableBefore ? refinedCache.store(targetEpoch, 'live', live) : (refinedCache.read(targetEpoch) ?? refinedCache.store(targetEpoch, 'live', live));
  }

  // 16. reconcile toward the target
  // TasksTuple.fromHeartbeatRequest runs only for a member not yet reconciled (GroupMetadataManager.maybeReconcile)
  // variant rule onRebalanceTimeout 'release-pending': the first heartbeat after the release moves the member on
  const released = releasedOnTimeout(ctx, updated);
  // (the report is an inline argument, not a named closure: one is made on every heartbeat)
  const { member: reconciled, narration: rn } = maybeReconcile(ctx, group, updated, targetEpoch, target, () => ownedReport(req), effects);
  pushAll(narration, rn);
  // [4.1] StreamsGroupCurrentMemberAssignmentValue has no AssignmentEpochs (release switch taskAssignmentEpochs)
  if (!sameAssignment(reconciled, updated)) records.push(currentAssignmentRecord(groupId, reconciled, ctx.release.switches.taskAssignmentEpochs));

  // 17. the session is refreshed by every successful heartbeat
  effects.push({ kind: 'schedule', task: { kind: 'session-timeout', groupId, memberId }, at: ctx.now + hc.sessionTimeoutMs });

  // 18. shutdown requests are remembered group-wide (in memory)
  if (req.shutdownApplication) {
    shutdownRequester ??= memberId;
    // (on a group this join creates, only this response carries it: see the task offsets above)
    if (groupExisted) effects.push(plainFieldEffect(groupId, (g) => (g.shutdownRequester ??= memberId)));
  }

  // 19. response
  const resp: StreamsGroupHeartbeatResponse = emptyHeartbeatResponse();
  resp.memberId = reconciled.memberId;
  resp.memberEpoch = reconciled.memberEpoch;
  resp.heartbeatIntervalMs = hc.heartbeatIntervalMs;
  resp.taskOffsetIntervalMs = hc.taskOffsetIntervalMs;
  resp.acceptableRecoveryLag = hc.acceptableRecoveryLag;
  const assignmentChanged = !equalTuplesWithEpochs(member.assignedTasks, reconciled.assignedTasks);
  // the assignment is sent when joining or when it changed (or, E, after the rebalance timeout released tasks)
  if (isJoining || assignmentChanged || released) {
    const t = withoutEpochs(reconciled.assignedTasks);
    resp.activeTasks = messageTaskIds(t.active);
    resp.standbyTasks = messageTaskIds(t.standby);
    resp.warmupTasks = messageTaskIds(t.warmup);
  }
  // endpoint information: bumped when the endpoint changed, or the assignment of a member with an endpoint did
  const endpointChanged = !sameEndpoint(member.userEndpoint, reconciled.userEndpoint);
  let endpointEpoch = group.endpointInformationEpoch;
  const assignmentSent = isJoining || assignmentChanged;
  const endpointBump = ctx.release.switches.endpointEpochBump;
  // [4.4] an endpoint change, or a changed assignment of a member with an endpoint; [4.2]/[4.3] an assignment sent to a
  // member with an endpoint; [4.1] any assignment sent but a join's empty one (release switch endpointEpochBump)
  const bumpEndpointEpoch =
    endpointBump === 'changed'
      ? endpointChanged || (assignmentChanged && reconciled.userEndpoint !== null)
      : endpointBump === 'assignment-with-endpoint'
        ? assignmentSent && reconciled.userEndpoint !== null
        : assignmentSent && (!isJoining || !tupleIsEmpty(withoutEpochs(reconciled.assignedTasks)));
  // [4.1]–[4.3] where the release's endpoint epoch rule decides differently from another release's, it names itself
  if (!ctx.quiet && ctx.release.release !== DEFAULT_KAFKA_RELEASE) {
    const bumpsUnder = (rule: ReleaseRules['switches']['endpointEpochBump']): boolean =>
      rule === 'changed'
        ? endpointChanged || (assignmentChanged && reconciled.userEndpoint !== null)
        : rule === 'assignment-with-endpoint'
          ? assignmentSent && reconciled.userEndpoint !== null
          : assignmentSent && (!isJoining || !tupleIsEmpty(withoutEpochs(reconciled.assignedTasks)));
    // a new group starts at each release's own endpoint epoch ([4.1] -1, release switch initialEndpointInformationEpoch)
    const epochUnder = (r: ReleaseRules): { moves: boolean; to: number } => {
      const moves = bumpsUnder(r.switches.endpointEpochBump);
      return { moves, to: (groupExisted ? endpointEpoch : r.switches.initialEndpointInformationEpoch) + (moves ? 1 : 0) };
    };
    if (new Set(KAFKA_RELEASES.map((k) => bumpsUnder(releaseRules(k).switches.endpointEpochBump))).size > 1)
      narration.push(releaseContrast(ctx.release, epochUnder, (v) => (v.moves ? `this response moves the endpoint information epoch to ${v.to}` : `the endpoint information epoch stays ${v.to}`)));
  }
  // [4.2]/[4.3] sending an assignment drops the member's cached endpoint entry (streamsGroupHeartbeat's
  // invalidateCachedEndpointToPartitions), even when a join writes no record of it (release switch ownEndpointEntryFromCache)
  if (assignmentSent && groupExisted && ctx.release.switches.ownEndpointEntryFromCache && group.endpointEntryCache.has(reconciled.memberId)) {
    const id = reconciled.memberId;
    effects.push(
      plainFieldEffect(groupId, (g) => {
        const cache = new Map(g.endpointEntryCache);
        cache.delete(id);
        g.endpointEntryCache = cache;
      }),
    );
  }
  if (bumpEndpointEpoch) {
    endpointEpoch += 1;
    const e = endpointEpoch;
    if (groupExisted) effects.push(plainFieldEffect(groupId, (g) => (g.endpointInformationEpoch = e)));
  }
  if (endpointEpoch !== req.endpointInformationEpoch && ctx.release.switches.endpointPartitionsFromMemberMap) {
    // [4.1] maybeBuildEndpointToPartitions over the stored member map (release switch endpointPartitionsFromMemberMap);
    // its failures (no configured subtopologies, a topic missing from the image) keep what the heartbeat changed so far
    try {
      resp.partitionsByUserEndpoint = endpointToPartitionsFromMemberMap(group, reconciled, configured, ctx.topics);
    } catch (e) {
      throw new FailedAfterEffects(e, effectsSurvivingFailure(effects));
    }
  } else if (endpointEpoch !== req.endpointInformationEpoch) {
    // [4.4] defect: EndpointToPartitionsManager.endpointToPartitions reads configuredTopology().subtopologies().get(),
    // empty when configuring the topology failed (missing source topics, inconsistent internal topics, invalid
    // topology): any member with an endpoint throws NoSuchElementException, answered UNKNOWN_SERVER_ERROR; nothing is
    // written, but what the heartbeat changed in memory so far (timers, endpoint information epoch, configured topology) stays
    if (configured.subtopologies === null && anyEndpoint(group, reconciled, replacedMemberId)) {
      // (setMetadataRefreshDeadline named the epoch of the bump, which the group never reaches: hasMetadataExpired
      // holds until another bump reaches it)
      throw new FailedAfterEffects(new Error('No value present'), effectsSurvivingFailure(effects));
    }
    // [4.2]/[4.3] StreamsGroup.getOrComputeEndpointToPartitions: the member's entry cached before this heartbeat is
    // listed as cached (its stored endpoint) unless the heartbeat sent an assignment (release switch ownEndpointEntryFromCache)
    const stored = group.members.get(reconciled.memberId);
    const cacheRead = ctx.release.switches.ownEndpointEntryFromCache;
    const ownFrom = cacheRead && !assignmentSent && !configuredTopologySet && stored !== undefined && group.endpointEntryCache.get(stored.memberId) === stored ? stored : reconciled;
    try {
      resp.partitionsByUserEndpoint = endpointToPartitions(group, reconciled, replacedMemberId, configured, ctx.topics, ownFrom);
      if (cacheRead && groupExisted) {
        const cached = cachedEndpointEntries(group, reconciled, replacedMemberId, configuredTopologySet);
        effects.push(plainFieldEffect(groupId, (g) => (g.endpointEntryCache = cached)));
      }
    } catch (e) {
      // a topic of an assigned task missing from the image (see endpointToPartitions): the same failure, after effects
      throw new FailedAfterEffects(e, effectsSurvivingFailure(effects));
    }
  }
  // groups.containsKey(groupId): true for a converted classic group too (its tombstone is not replayed yet), while the
  // streams group object this join made is a new one
  // ([4.1] sends it always: endpointEpochAlwaysSent)
  if (groupIdInMap || ctx.release.switches.endpointEpochAlwaysSent) resp.endpointInformationEpoch = endpointEpoch;

  let topicsToCreate: { name: string; partitions: number; replicationFactor: number }[] | undefined;
  if (configured.problem) {
    statuses.push({ statusCode: configured.problem.statusCode, statusDetail: configured.problem.detail });
    if (configured.problem.statusCode === STATUS.MISSING_INTERNAL_TOPICS) {
      topicsToCreate = configured.internalTopicsToBeCreated.map((t) => ({ name: t.name, partitions: t.partitions, replicationFactor: t.replicationFactor }));
    }
  }
  if (shutdownRequester !== null) {
    statuses.push({
      statusCode: STATUS.SHUTDOWN_APPLICATION,
      statusDetail: `Streams group member ${shutdownRequester} encountered a fatal error and requested a shutdown for the entire application.`,
    });
  }
  const rackTags = hc.rackAwareAssignmentTags;
  if (rctx.version >= 1 && rackTags.length > 0) {
    const missing = rackTags.filter((k) => !reconciled.clientTags.some((t) => t.key === k));
    if (missing.length > 0) {
      statuses.push({
        statusCode: STATUS.MISSING_CLIENT_TAGS,
        statusDetail: `Missing required client tags for rack-aware standby assignment: [${missing.join(', ')}]. Configure them via 'client.tag.<tagKey>' in your Streams config.`,
      });
    }
  }
  // [4.2]+ a successful response always carries a list; [4.1] an empty one is left at the schema's default, null
  resp.status = statuses.length === 0 && ctx.release.switches.emptyStatusIsNull ? null : statuses;

  if (ctx.rules.resendSignal) resp.ownedTasksRequired = ownedTasksRequired(group, reconciled, ownedReport(req));
  return { response: resp, records, effects, narration, ...(topicsToCreate ? { topicsToCreate } : {}) };
}

/**
 * StreamsGroup.relabelRefinedAssignment: a cached assignment naming `oldId` names `newId` instead (a copy, even of the
 * live map); undefined when nothing changes.
 */
function relabeledRefinedAssignment(group: StreamsGroup, oldId: string, newId: string): RefinedAssignment | undefined {
  const c = group.refinedAssignment;
  if (c === null) return undefined;
  const map = c.targets === 'live' ? group.targetAssignment : c.targets;
  const tuple = map.get(oldId);
  if (!tuple) return undefined;
  const copy = new Map(map);
  copy.delete(oldId);
  copy.set(newId, tuple);
  return { epoch: c.epoch, targets: copy };
}

/**
 * StreamsGroup.refinedAssignment as one heartbeat reads and writes it (GroupMetadataManager.refinedAssignmentForEpoch,
 * maybeCacheRefinedAssignment, StreamsGroup.relabelRefinedAssignment). Writes are soft effects on a group that
 * existed (a TimelineObject: a failed heartbeat undoes them).
 */
class RefinedCache {
  private current: RefinedAssignment | null;
  constructor(
    private readonly ctx: OpContext,
    private readonly group: StreamsGroup,
    private readonly groupId: string,
    private readonly memberId: string,
    /** A static member this join replaces: the group's own target map still names it. */
    private readonly replacedMemberId: string | null,
    private readonly groupExisted: boolean,
    private readonly effects: Effect[],
  ) {
    this.current = group.refinedAssignment;
  }

  private set(next: RefinedAssignment | null): void {
    this.current = next;
    if (this.groupExisted) this.effects.push(softEffect(this.groupId, (g) => (g.refinedAssignment = next)));
  }

  /** The cache as relabeled for a static member under a new id (relabeledRefinedAssignment; its effect is already pushed). */
  relabeled(next: RefinedAssignment | null | undefined): void {
    if (next !== undefined) this.current = next;
  }

  /** refinedAssignment(epoch): the member's target in the assignment cached for this epoch, or null (none cached). */
  read(epoch: number): TasksTuple | null {
    const c = this.current;
    if (c === null || c.epoch !== epoch) return null;
    // (the live map through UpdatedMembersAndTargetAssignmentView, which shows a replaced member's target under the new id)
    if (c.targets === 'live') return this.group.targetOf(this.replacedMemberId ?? this.memberId);
    return c.targets.get(this.memberId) ?? EMPTY_TUPLE;
  }

  /** maybeCacheRefinedAssignment: cached only while warm-ups are on; returns the member's target. */
  store(epoch: number, targets: RefinedAssignment['targets'], target: TasksTuple): TasksTuple {
    if (heartbeatConfigs(this.ctx.config).numWarmupReplicas > 0) this.set({ epoch, targets });
    return target;
  }
}

/** [4.1]–[4.3] have no assignment refinement (release switch refinedAssignmentBump): the contrast the narration names. */
function refineContrast(release: ReleaseRules): string {
  return releaseContrast(
    release,
    (r) => r.switches.refinedAssignmentBump,
    (v) => (v ? 'the group epoch is bumped to refine the assignment' : 'there is no assignment refinement: the epoch stays'),
  );
}

/** Narration is built only when someone reads it (the explorer runs quiet). */
function note(ctx: OpContext, narration: string[], line: () => string): void {
  if (!ctx.quiet) narration.push(line());
}

/** An error a release rule decided, with the narration that says so (only when narrating). */
function withNarration(ctx: OpContext, e: ApiError, line: () => string): ApiError {
  if (!ctx.quiet) e.narration = [line()];
  return e;
}

/** " " + the release contrast, for a release older than the default; "" for 4.4 (its narration teaches the protocol as shipped). */
function olderReleaseContrast<V>(release: ReleaseRules, rule: (r: ReleaseRules) => V, says: (value: V) => string): string {
  return release.release === DEFAULT_KAFKA_RELEASE ? '' : ` ${releaseContrast(release, rule, says)}`;
}

/** A new group's epoch and its first bump (newGroupEpochs, firstBumpSkipsToTwo). */
const firstEpochs = (r: ReleaseRules): [number, number] => [r.switches.newGroupEpochs.group, r.switches.firstBumpSkipsToTwo ? 2 : r.switches.newGroupEpochs.group + 1];

/** A new group's first join: no delay at all ([4.1]), else its assignment epoch and the epoch its members wait at during the delay (newGroupEpochs, delayedTargetEpochAtLeastOne). */
const firstDelay = (r: ReleaseRules): [number, number] | 'none' => {
  if (hasOwnKey(r.absentConfigs, 'group.streams.initial.rebalance.delay.ms')) return 'none';
  const a = r.switches.newGroupEpochs.assignment;
  return [a, r.switches.delayedTargetEpochAtLeastOne ? Math.max(1, a) : a];
};
const describeFirstDelay = (v: [number, number] | 'none'): string =>
  v === 'none'
    ? 'there is no initial rebalance delay: the first join is assigned at once'
    : `a new group's assignment epoch is ${v[0]} and its members wait at epoch ${v[1]} with no tasks for the initial rebalance delay`;

/** throwIfRequestContainsInvalidTasks: reported tasks must exist in the configured topology. */
function throwIfRequestContainsInvalidTasks(configured: ConfiguredTopology, list: TaskIds[] | null): void {
  if (!list) return;
  for (const t of list) {
    const s = configured.subtopologies?.find((x) => x.subtopologyId === t.subtopologyId);
    if (!s) throw apiError('INVALID_REQUEST', `Subtopology ${t.subtopologyId} does not exist in the topology.`);
    for (const p of t.partitions) {
      if (p < 0 || p >= s.numberOfTasks) {
        throw apiError('INVALID_REQUEST', `Task ${p} for subtopology ${t.subtopologyId} is invalid. Number of tasks for this subtopology: ${s.numberOfTasks}`);
      }
    }
  }
}

/** MemberTaskOffsets.toNestedMap: one offset per task, or INVALID_REQUEST. */
function throwIfDuplicateTaskOffsets(list: TaskOffset[] | null): void {
  if (!list || list.length < 2) return;
  const seen = new Set<string>();
  for (const o of list) {
    const key = `${o.subtopologyId.length}:${o.subtopologyId}:${o.partition}`;
    if (seen.has(key)) throw apiError('INVALID_REQUEST', `Task offsets contain a duplicate entry for subtopology ${o.subtopologyId} and partition ${o.partition}.`);
    seen.add(key);
  }
}

/** Duplicate subtopology ids in one list break Kafka's map collector: UNKNOWN_SERVER_ERROR. */
function ownedReport(req: StreamsGroupHeartbeatRequest): OwnedReport {
  throwIfDuplicateSubtopology(req.activeTasks);
  throwIfDuplicateSubtopology(req.standbyTasks);
  throwIfDuplicateSubtopology(req.warmupTasks);
  return ownedReportFromRequest(req.activeTasks, req.standbyTasks, req.warmupTasks);
}

function throwIfDuplicateSubtopology(list: readonly TaskIds[] | null): void {
  // (a list names a few subtopologies: compared pairwise, in list order, as a set would find the first repeat)
  if (list === null) return;
  for (let i = 1; i < list.length; i++) {
    const id = list[i]!.subtopologyId;
    for (let j = 0; j < i; j++) if (list[j]!.subtopologyId === id) throw new Error(`Duplicate key ${id}`);
  }
}

function clientTagsFrom(list: KeyValue[] | null): KeyValue[] | null {
  if (list === null) return null;
  const seen = new Set<string>();
  for (const t of list) {
    // duplicate client-tag keys break Kafka's map collector: UNKNOWN_SERVER_ERROR
    if (seen.has(t.key)) throw new Error(`Duplicate key ${t.key}`);
    seen.add(t.key);
  }
  return [...list].map((t) => ({ key: t.key, value: t.value })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The group's endpoint-to-partitions cache after StreamsGroup.buildEndpointToPartitions: every member it listed, each
 * under its stored object (replaying a record of the member replaces the object, which is updateMember's invalidation),
 * added to what the cache held (nothing when this heartbeat set the configured topology).
 */
function cachedEndpointEntries(group: StreamsGroup, updated: StreamsGroupMember, replacedMemberId: string | null, cleared: boolean): ReadonlyMap<string, StreamsGroupMember> {
  const cache = new Map(cleared ? NO_CACHED_ENDPOINT_ENTRIES : group.endpointEntryCache);
  for (const [id, m] of group.members) if (id !== replacedMemberId && m.userEndpoint !== null && (id !== updated.memberId || updated.userEndpoint !== null)) cache.set(id, m);
  return cache;
}

/** StreamsGroup.buildEndpointToPartitions computes an entry for: the other members (not a replaced static member), then this one. */
function anyEndpoint(group: StreamsGroup, updated: StreamsGroupMember, replacedMemberId: string | null): boolean {
  if (updated.userEndpoint !== null) return true;
  if (group.membersWithEndpoint === 0) return false;
  for (const [id, m] of group.members) if (id !== updated.memberId && id !== replacedMemberId && m.userEndpoint !== null) return true;
  return false;
}

function sameEndpoint(a: Endpoint | null, b: Endpoint | null): boolean {
  return a === b || (a !== null && b !== null && a.host === b.host && a.port === b.port);
}

/** The group's process-id indexes, as the reconciliation reads them (state before this heartbeat). */
class GroupLookups implements ProcessLookups {
  constructor(private readonly group: StreamsGroup) {}

  activeTaskProcessId(s: string, p: number): string | undefined {
    return this.group.activeTaskProcessId.get(s)?.get(p);
  }

  standbyTaskProcessIds(s: string, p: number): ReadonlySet<string> | undefined {
    return this.group.standbyTaskProcessIds.get(s)?.get(p);
  }

  warmupTaskProcessIds(s: string, p: number): ReadonlySet<string> | undefined {
    return this.group.warmupTaskProcessIds.get(s)?.get(p);
  }
}

export function groupLookups(group: StreamsGroup): ProcessLookups {
  return new GroupLookups(group);
}

/** maybeReconcile: a member reconciled to the target epoch ignores its report entirely. */
export function maybeReconcile(
  ctx: OpContext,
  group: StreamsGroup,
  member: StreamsGroupMember,
  targetEpoch: number,
  target: TasksTuple,
  ownedReport: () => OwnedReport,
  effects: Effect[],
): { member: StreamsGroupMember; narration: string[] } {
  const narration: string[] = [];
  if (isReconciledTo(member, targetEpoch)) return { member, narration };
  const report = ownedReport();
  let effectiveReport = report;
  if (releasedOnTimeout(ctx, member)) {
    // E: the revocation was released by the rebalance timeout; the member is read as owning exactly its assigned tasks
    effectiveReport = assignedAsReport(member);
    note(
      ctx,
      narration,
      () => ctx.variantNarration?.movedOnAfterRelease?.(member.memberId) ?? `${member.memberId}'s revoked tasks were released by its rebalance timeout: the revocation counts as done.`,
    );
  } else if (ctx.rules.accumulateInMemory && member.state === 'UNREVOKED_TASKS') {
    const acc = accumulateReport(group, member, report);
    effectiveReport = acc.report;
    effects.push(softEffect(group.groupId, acc.apply));
    pushAll(narration, acc.narration);
  }
  const reconcileInput = {
    member,
    targetEpoch,
    target,
    report: effectiveReport,
    lookups: groupLookups(group),
    // [4.1]–[4.3] no in-place role changes (release switch reconcileWithoutRoleChanges)
    flavour: ctx.release.switches.reconcileWithoutRoleChanges ? ('4.2' as const) : ('4.4' as const),
    reportRule: ctx.rules.reportRule,
    // one run's coordinators share their assignor (clones and failovers keep it; each run makes its own)
    rememberIn: ctx.assignor,
  };
  const next = buildCurrentAssignment(reconcileInput);
  // [4.1]–[4.3] where reconciling without in-place role changes gives the member another assignment than 4.4's, it names itself
  if (!ctx.quiet && ctx.release.release !== DEFAULT_KAFKA_RELEASE) {
    const other = buildCurrentAssignment({ ...reconcileInput, flavour: reconcileInput.flavour === '4.2' ? '4.4' : '4.2' });
    if (!sameAssignment(other, next) || other.state !== next.state)
      narration.push(
        releaseContrast(
          ctx.release,
          (r) => r.switches.reconcileWithoutRoleChanges,
          (waits) =>
            waits
              ? `a task changes role on ${member.memberId} only after it gave up the old role (its own tasks count as held by its process)`
              : `${member.memberId}'s task changes role in place (an active task demoted to standby, a standby or warm-up converted or promoted)`,
        ),
      );
  }
  const id = member.memberId;
  const rebalanceKey = timerKey({ kind: 'rebalance-timeout', groupId: group.groupId, memberId: id, memberEpoch: 0 });
  if (next !== member && !sameAssignment(next, member)) {
    // a record in UNREVOKED_TASKS (re)schedules the rebalance timeout; any other state cancels it.
    // option A (kafka-20870 §3): a record that only shrank the pending set keeps the original deadline
    const shrankOnly = member.state === 'UNREVOKED_TASKS' && next.state === 'UNREVOKED_TASKS' && next.memberEpoch === member.memberEpoch;
    if (shrankOnly) {
      // the running rebalance timer is left as it is
    } else if (next.state === 'UNREVOKED_TASKS') {
      effects.push({ kind: 'schedule', task: { kind: 'rebalance-timeout', groupId: group.groupId, memberId: id, memberEpoch: next.memberEpoch }, at: ctx.now + next.rebalanceTimeoutMs });
    } else effects.push({ kind: 'cancel', key: rebalanceKey });
    if (!ctx.quiet) pushAll(narration, describeTransition(member, next, targetEpoch));
  } else if (member.state === 'UNREVOKED_TASKS') {
    note(
      ctx,
      narration,
      () =>
        `Member ${id} is at epoch ${member.memberEpoch} but the target is epoch ${targetEpoch}: it must release ${describeTasks(member.tasksPendingRevocation.active)} (active)${standbyNote(member)} first; its report does not show that yet.`,
    );
  } else if (member.state === 'UNRELEASED_TASKS') {
    note(ctx, narration, () => `Member ${id} waits for tasks other members still hold.`);
  }
  return { member: next, narration };
}

function standbyNote(m: StreamsGroupMember): string {
  const s = m.tasksPendingRevocation.standby;
  return s.size > 0 ? `, ${describeTasks(s)} (standby)` : '';
}

function describeTransition(from: StreamsGroupMember, to: StreamsGroupMember, targetEpoch: number): string[] {
  const id = to.memberId;
  switch (to.state) {
    case 'UNREVOKED_TASKS':
      return [
        `Member ${id} must release ${describeTasks(to.tasksPendingRevocation.active)} (active)${standbyNote(to)} before it can move to epoch ${targetEpoch}; it stays at epoch ${to.memberEpoch} (UNREVOKED_TASKS).`,
      ];
    case 'UNRELEASED_TASKS':
      return [
        `Member ${id} moves to epoch ${to.memberEpoch} but some of its target tasks are still held by others (UNRELEASED_TASKS); it owns active ${describeTasks(withoutEpochs(to.assignedTasks).active)}.`,
      ];
    case 'STABLE':
      return [
        `Member ${id} is reconciled at epoch ${to.memberEpoch}${from.memberEpoch !== to.memberEpoch ? ` (from ${from.memberEpoch})` : ''}: active ${describeTasks(withoutEpochs(to.assignedTasks).active)}, standby ${describeTasks(to.assignedTasks.standby)}.`,
      ];
    default:
      return [`Member ${id} is now ${to.state} at epoch ${to.memberEpoch}.`];
  }
}

/** Option B with signal: ask for a full report when a role with pending revocations has no progress. */
function ownedTasksRequired(group: StreamsGroup, m: StreamsGroupMember, report: OwnedReport): boolean {
  if (m.state !== 'UNREVOKED_TASKS') return false;
  const prog = group.partialProgress.get(m.memberId);
  const pending = m.tasksPendingRevocation;
  const covered = (role: 'active' | 'standby' | 'warmup') => pending[role].size === 0 || report[role] !== null || (prog?.memberEpoch === m.memberEpoch && prog.stillOwned[role] !== undefined);
  return !(covered('active') && covered('standby') && covered('warmup'));
}
